import { anonymousApi } from '../../../lib/api-client';

/**
 * Ends the session on the server: `token` and every other token of the user stop working,
 * so a copy left in another tab or on a shared computer is worthless. True when the API
 * said so, or when the token had already ended; false when it could not be reached.
 */
export async function endSession(token: string): Promise<boolean> {
  try {
    const { response } = await anonymousApi.POST('/api/user/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}
