import { apiGet } from '@/lib/api-client';
import type { TokenResponse } from '@/lib/session';

/**
 * GET /auth/refresh-token?refreshToken= — rotates both tokens. Called by the refresh timer
 * only: no overlay, no bearer token, and a failure is returned, never shown as a modal.
 */
export function refreshToken(refreshTokenValue: string): Promise<TokenResponse> {
  return apiGet<TokenResponse>('/auth/refresh-token', {
    query: { refreshToken: refreshTokenValue },
    public: true,
    silent: true,
    quiet: true,
  });
}
