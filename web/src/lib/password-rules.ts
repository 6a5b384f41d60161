// The password rules of SPEC.md §5, as the server applies them (pkg/auth/rules.go), for the
// forms' early feedback: register, reset and change password. The server's verdict (422
// field messages) is the one that counts; it alone knows the old password.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A first or last name shorter than this is not looked for in the password. */
const NAME_MIN_LENGTH = 3;

/** Message keys, in the `auth` namespace (auth.json `password.*`). */
export type PasswordMessage =
  | 'password.required'
  | 'password.minLength'
  | 'password.maxLength'
  | 'password.complexity'
  | 'password.containsName'
  | 'password.sameAsOld'
  | 'password.confirmRequired'
  | 'password.mismatch'
  | 'password.currentRequired';

const length = (s: string) => [...s].length;

/** Upper case, lower case, a digit and a special character (Unicode classes, as Go's). */
export function isComplex(p: string): boolean {
  return /\p{Lu}/u.test(p) && /\p{Ll}/u.test(p) && /\p{Nd}/u.test(p) && /[\p{P}\p{S} ]/u.test(p);
}

/** Whether p contains one of the names (three letters or more), ignoring case. */
export function containsName(p: string, names: readonly (string | null | undefined)[]): boolean {
  const lp = p.toLowerCase();
  return names.some((n) => {
    const name = (n ?? '').trim().toLowerCase();
    return length(name) >= NAME_MIN_LENGTH && lp.includes(name);
  });
}

/** Each rule of the checklist shown under the field: met or not. */
export type RuleState = { minLength: boolean; upperLower: boolean; digit: boolean; special: boolean; noName: boolean };

export function ruleStates(p: string, names: readonly (string | null | undefined)[]): RuleState {
  return {
    minLength: length(p) >= PASSWORD_MIN_LENGTH && length(p) <= PASSWORD_MAX_LENGTH,
    upperLower: /\p{Lu}/u.test(p) && /\p{Ll}/u.test(p),
    digit: /\p{Nd}/u.test(p),
    special: /[\p{P}\p{S} ]/u.test(p),
    noName: p.length > 0 && !containsName(p, names),
  };
}

export type NewPasswordInput = {
  password: string;
  confirm: string;
  /** First and last names, Thai and English, when known. */
  names?: readonly (string | null | undefined)[];
  /** The current password typed in the same form (change password): the new must differ. */
  current?: string;
};

/** The first broken rule of the password and of its confirmation, as the server orders them. */
export function checkNewPassword({ password, confirm, names = [], current }: NewPasswordInput): {
  password?: PasswordMessage;
  confirm?: PasswordMessage;
} {
  const out: { password?: PasswordMessage; confirm?: PasswordMessage } = {};
  if (!password) out.password = 'password.required';
  else if (length(password) < PASSWORD_MIN_LENGTH) out.password = 'password.minLength';
  else if (length(password) > PASSWORD_MAX_LENGTH) out.password = 'password.maxLength';
  else if (!isComplex(password)) out.password = 'password.complexity';
  else if (containsName(password, names)) out.password = 'password.containsName';
  else if (current && password === current) out.password = 'password.sameAsOld';
  if (!confirm) out.confirm = 'password.confirmRequired';
  else if (confirm !== password) out.confirm = 'password.mismatch';
  return out;
}
