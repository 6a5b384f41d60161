// The session values stored on the device (SPEC.md §3), under exactly the spec's keys:
// token, refreshToken, tokenIat (seconds), tokenExpMs (the token's lifetime in SECONDS,
// despite its name), loginIssuedAt (seconds), userInfo (JSON) and language.
// Writes and clears touch every key together so a session is never left half written.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/config/constants';

export type RoleRef = { code: string; nameTh: string; nameEn: string };

export type Permission = {
  branchCode: string;
  branchNameTh: string;
  branchNameEn: string;
  roleCode: string;
  role: RoleRef;
};

export type Pair = { branchCode: string; roleCode: string };

export type UserInfo = {
  id: number;
  email: string;
  employeeCode: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  status: string;
  language: string;
  loginIssuedAt: number;
  passwordChangedAt?: string | null;
  /** 90 days after the last change (SPEC.md §9): the expiring-password notice counts to it. */
  passwordExpiresAt?: string | null;
  /** Two factors on; `mfaMethods` lists 'TOTP' (authenticator set up) and 'EMAIL'. */
  mfaEnabled?: boolean;
  mfaMethods?: string[];
  current: Pair | null;
  permission: Permission[];
};

/** data of accessToken, refresh-token and selectRole. */
export type TokenResponse = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type?: string;
};

export const SESSION_KEYS = [
  'token',
  'refreshToken',
  'tokenIat',
  'tokenExpMs',
  'loginIssuedAt',
  'userInfo',
] as const;
export const LANGUAGE_KEY = 'language';

export type Session = {
  token: string | null;
  refreshToken: string | null;
  tokenIat: number | null;
  tokenExpMs: number | null;
  loginIssuedAt: number | null;
  userInfo: UserInfo | null;
};

const listeners = new Set<() => void>();
function emit() {
  for (const l of listeners) l();
}

/** Subscribe to session changes (this tab and, through the storage event, other tabs). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (SESSION_KEYS as readonly string[]).includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function num(key: string): number | null {
  const v = localStorage.getItem(key);
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function parseUserInfo(): UserInfo | null {
  const raw = localStorage.getItem('userInfo');
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as UserInfo;
    return u && typeof u === 'object' && Array.isArray(u.permission) ? u : null;
  } catch {
    return null;
  }
}

let cache: { key: string; value: Session } | null = null;

/** The stored session; the same object while nothing changed (for useSyncExternalStore). */
export function readSession(): Session {
  const key = SESSION_KEYS.map((k) => localStorage.getItem(k) ?? '').join('\u0000');
  if (cache && cache.key === key) return cache.value;
  const value: Session = {
    token: localStorage.getItem('token') || null,
    refreshToken: localStorage.getItem('refreshToken') || null,
    tokenIat: num('tokenIat'),
    tokenExpMs: num('tokenExpMs'),
    loginIssuedAt: num('loginIssuedAt'),
    userInfo: parseUserInfo(),
  };
  cache = { key, value };
  return value;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stores a token answer: token, refreshToken, tokenIat = now, tokenExpMs = expires_in (s). */
export function storeTokens(t: TokenResponse, issuedAt = nowSeconds()): void {
  localStorage.setItem('token', t.access_token);
  localStorage.setItem('refreshToken', t.refresh_token);
  localStorage.setItem('tokenIat', String(issuedAt));
  localStorage.setItem('tokenExpMs', String(t.expires_in));
  emit();
}

export function storeUserInfo(u: UserInfo): void {
  localStorage.setItem('userInfo', JSON.stringify(u));
  localStorage.setItem('loginIssuedAt', String(u.loginIssuedAt));
  emit();
}

/** Removes every session value at once (the language preference stays). */
export function clearSession(): void {
  for (const k of SESSION_KEYS) localStorage.removeItem(k);
  emit();
}

export function readLanguage(): Language {
  const v = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}

export function hasStoredLanguage(): boolean {
  return localStorage.getItem(LANGUAGE_KEY) !== null;
}

export function storeLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
}

/** The current role code, or null before a pair is chosen. */
export function currentRole(s: Session = readSession()): string | null {
  return s.userInfo?.current?.roleCode ?? null;
}
