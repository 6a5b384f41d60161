// One-time codes (SPEC.md §5, §9): six digits, from an authenticator app or an e-mail.

export const CODE_LENGTH = 6;

/** 'code.required' or 'code.format' (auth.json), or null when the code may be sent. */
export function checkCode(code: string): 'code.required' | 'code.format' | null {
  const c = code.trim();
  if (!c) return 'code.required';
  return /^\d{6}$/.test(c) ? null : 'code.format';
}

/**
 * A TOTP secret in groups of four (base32), easier to type into an authenticator app by
 * hand than one run of 32 letters.
 */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim();
}
