// @vitest-environment jsdom
import { choosePair } from '@/features/auth/sign-in-flow';
import { configureApiClient } from '@/lib/api-client';
import { readSession } from '@/lib/session';
import { envelope, perm, session, storeSession, user } from '@/testing/fixtures';

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => configureApiClient(), 30_000);
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  storeSession(session({ userInfo: user({ permission: [perm('SRP01', 'BCT'), perm('SRP02', 'BNT')] }) }));
});
afterEach(() => vi.unstubAllGlobals());

const newTokens = { access_token: 'tok2', refresh_token: 'rt_2', expires_in: 900, token_type: 'Bearer' };

describe('choosing another pair', () => {
  it('keeps the new tokens and answers the user as the server now sees it', async () => {
    const now = user({ current: { branchCode: 'SRP02', roleCode: 'BNT' } });
    fetchMock.mockResolvedValueOnce(envelope(200, newTokens)).mockResolvedValueOnce(envelope(200, now));
    await expect(choosePair({ branchCode: 'SRP02', roleCode: 'BNT' })).resolves.toMatchObject({ current: { branchCode: 'SRP02' } });
    expect(readSession().token).toBe('tok2');
    expect(readSession().refreshToken).toBe('rt_2');
  });

  it('clears the session when the user cannot be read with the new tokens (no half-switched pair)', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, newTokens)).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(choosePair({ branchCode: 'SRP02', roleCode: 'BNT' })).rejects.toBeDefined();
    const s = readSession();
    expect(s.token).toBeNull();
    expect(s.refreshToken).toBeNull();
    expect(s.userInfo).toBeNull();
  });
});
