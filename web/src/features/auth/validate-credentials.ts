import type { Credentials } from '@/features/auth/api/get-access-token';

/** Error keys (in auth.json) per field; empty when the form may be sent. */
export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

// The shape HTML's <input type="email"> accepts (WHATWG), which is also what the server takes.
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Login: e-mail and password required, the e-mail well formed (SPEC.md §5). */
export function validateCredentials({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  const e = email.trim();
  if (!e) errors.email = 'login.emailRequired';
  else if (!EMAIL_PATTERN.test(e)) errors.email = 'login.emailInvalid';
  if (!password) errors.password = 'login.passwordRequired';
  return errors;
}
