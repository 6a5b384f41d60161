// Helpers of the account and security browser tests: the local outbox (GET /dev/mail), an
// RFC 6238 authenticator, and fresh accounts made through the API so that no test changes
// a demo account another test signs in with.
import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { data, PASSWORD } from './helpers';

export type Mail = { to: string; subject: string; text: string; time: string };

/** The messages sent to `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`/dev/mail?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Mail[];
}

/** Waits for a message to `to` newer than the `before` messages already there. */
export async function nextMail(request: APIRequestContext, to: string, before: number): Promise<Mail> {
  let list: Mail[] = [];
  await expect
    .poll(async () => (list = await mailsTo(request, to)).length, { timeout: 10_000, message: `a new e-mail to ${to}` })
    .toBeGreaterThan(before);
  return list[0];
}

/** The path and query of the link in a message (`/register?token=…`), to open on this origin. */
export function linkIn(mail: Mail, path: '/register' | '/reset-password'): string {
  const m = new RegExp(`https?://[^\\s/]+(${path}\\?token=[^\\s]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[1];
}

export function codeIn(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1];
}

// ---- authenticator (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits, base32 secret) ----

function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', base32(secret)).update(counter).digest();
  const o = h[h.length - 1] & 0x0f;
  const n = ((h[o] & 0x7f) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3];
  return String(n % 1_000_000).padStart(6, '0');
}

/**
 * An authenticator code is accepted once per 30-second step, and the server allows one step
 * of clock drift either way (pkg/auth/mfa.go): a second code is the next step's, as from a
 * phone whose clock runs a little ahead, with no wait for that step to come.
 */
export function nextStepCode(secret: string, usedAt: number): string {
  return totp(secret, (Math.floor(usedAt / 30_000) + 1) * 30_000);
}

/** A fresh code not too close to the end of its step (so the server sees the same step). */
export async function freshCode(secret: string): Promise<{ code: string; at: number }> {
  if (Date.now() % 30_000 > 27_000) await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 300));
  const at = Date.now();
  return { code: totp(secret, at), at };
}

// ---- accounts through the API ----

/** Tokens of a password-only sign-in (API). */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const t = await data<{ access_token: string }>(await request.post('/api/auth/accessToken', { form: { username: email, password } }));
  return t.access_token;
}

let seq = 0;

export type NewAccount = { email: string; firstNameEn: string; lastNameEn: string; firstNameTh: string; lastNameTh: string };

/**
 * A new Order Taker of SRP01, created and invited by the demo Super Admin; answers it and the
 * registration link e-mailed to it. Order Taker: a role with no built screen yet lands on the
 * account page, which the sign-in tests expect (a Controller lands on the patient list).
 */
export async function inviteNewAccount(request: APIRequestContext, tag: string): Promise<NewAccount & { link: string }> {
  const admin = await apiSignIn(request, 'superadmin@samrap.local');
  const headers = { Authorization: `Bearer ${admin}` };
  const unique = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const account: NewAccount = {
    email: `${tag}-${unique}@samrap.local`,
    firstNameEn: 'Kanda',
    lastNameEn: 'Rakdee',
    firstNameTh: 'กานดา',
    lastNameTh: 'รักดี',
  };
  const created = await data<{ id: number }>(
    await request.post('/api/auth/createUser', {
      headers,
      data: { ...account, employeeCode: `T${unique}`.slice(0, 30).toUpperCase(), permissions: [{ branchCode: 'SRP01', roleCode: 'BOD' }] },
    }),
  );
  const before = (await mailsTo(request, account.email)).length;
  await data(await request.post(`/api/auth/inviteToUser?userId=${created.id}&inviteBy=e2e`, { headers }));
  const mail = await nextMail(request, account.email, before);
  return { ...account, link: linkIn(mail, '/register') };
}

/** A new active account with `password`; with `authenticator`, two factors on and its secret. */
export async function registeredAccount(
  request: APIRequestContext,
  tag: string,
  opts: { password?: string; authenticator?: boolean } = {},
): Promise<NewAccount & { password: string; secret?: string; codeAt?: number }> {
  const password = opts.password ?? PASSWORD;
  const invited = await inviteNewAccount(request, tag);
  const token = new URL(invited.link, 'http://x').searchParams.get('token')!;
  const reg = await data<{ challenge: string; totp: { secret: string } }>(
    await request.post('/api/auth/register', { params: { token, password, confirmPassword: password } }),
  );
  if (!opts.authenticator) return { ...invited, password };
  const { code, at } = await freshCode(reg.totp.secret);
  await data(await request.get('/api/auth/verify-register-otp', { params: { challenge: reg.challenge, code } }));
  return { ...invited, password, secret: reg.totp.secret, codeAt: at };
}

/** Fills Login and submits (the helpers' signIn, with any password). */
/**
 * After a sign-in: the accounts these tests make are Order Takers, who land on the order list
 * (issue 14, their first sidebar screen); then the account page these tests are about.
 */
export async function landedThenAccount(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/order$/);
  await page.goto('/auth/account');
  await expect(page.getByTestId('account-profile')).toBeVisible();
}

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form[name=login] button[type=submit]').click();
}

/** Chooses the interface language with the switch on the public screens. */
export async function chooseLanguage(page: Page, lang: 'th' | 'en'): Promise<void> {
  await page.getByTestId('language-switch').locator(`button[lang=${lang}]`).first().click();
}

export const SCREENSHOTS = process.env.SAMRAP_E2E_SHOTS ?? '';

/** A full-page screenshot for a person to look at, when SAMRAP_E2E_SHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.waitForTimeout(300); // animations (steps, modals) settle
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}
