import type { Permission, Session, UserInfo } from '@/lib/session';

export function perm(branchCode: string, roleCode: string): Permission {
  return {
    branchCode,
    branchNameTh: `สาขา ${branchCode}`,
    branchNameEn: `Branch ${branchCode}`,
    roleCode,
    role: { code: roleCode, nameTh: `บทบาท ${roleCode}`, nameEn: `Role ${roleCode}` },
  };
}

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    email: 'controller@samrap.local',
    employeeCode: 'E0001',
    firstNameTh: 'สมชาย',
    lastNameTh: 'ใจดี',
    firstNameEn: 'Somchai',
    lastNameEn: 'Jaidee',
    status: 'ACTIVE',
    language: 'th',
    loginIssuedAt: 1_795_000_000,
    passwordChangedAt: '2026-11-01T00:00:00Z',
    current: { branchCode: 'SRP01', roleCode: 'BCT' },
    permission: [perm('SRP01', 'BCT')],
    ...overrides,
  };
}

export function session(overrides: Partial<Session> = {}): Session {
  return {
    token: 'tok',
    refreshToken: 'rt_1',
    tokenIat: 1_795_000_000,
    tokenExpMs: 900,
    loginIssuedAt: 1_795_000_000,
    userInfo: user(),
    ...overrides,
  };
}

/** Stores a signed-in session under the spec's keys. */
export function storeSession(s: Session): void {
  if (s.token) localStorage.setItem('token', s.token);
  if (s.refreshToken) localStorage.setItem('refreshToken', s.refreshToken);
  if (s.tokenIat !== null) localStorage.setItem('tokenIat', String(s.tokenIat));
  if (s.tokenExpMs !== null) localStorage.setItem('tokenExpMs', String(s.tokenExpMs));
  if (s.loginIssuedAt !== null) localStorage.setItem('loginIssuedAt', String(s.loginIssuedAt));
  if (s.userInfo) localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
}

/** A fetch answer in the API's envelope. */
export function envelope(status: number, data: unknown, code = status < 300 ? 'SUCCESS' : 'ERROR', msg = 'msg'): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
