import { api } from '@/lib/api-client';

const anyAnswer = { parse: (data: unknown) => data };

/** POST /api/logout: revokes the refresh token on the server (the access token simply expires). */
export async function logoutRequest(refreshToken: string | null): Promise<void> {
  await api.request('/logout', anyAnswer, {
    method: 'POST',
    body: refreshToken === null ? {} : { refreshToken },
  });
}
