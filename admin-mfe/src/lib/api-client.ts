import { createApiClient, uploadWithProgress, type ApiClient } from '@vitrine/api-client';
import { readStoredToken } from '@vitrine/auth';
import { reportUnauthorized } from './session-events';
import { renewToken } from './session-renewal';

/**
 * The one client every admin call goes through: same origin (the shell and the dev server
 * proxy /api), the stored token on each request, a time limit on each, and a session that
 * ends mid-request renewed by signing in again, after which the request goes through. A 401
 * the administrator does not resolve that way is reported once to the access gate.
 */
export const api: ApiClient = createApiClient({
  baseUrl: '',
  getToken: () => readStoredToken(),
  renewToken,
  onUnauthorized: () => reportUnauthorized(),
});

/** Calls that must not carry the stored token, or ask for a new one: signing in itself. */
export const anonymousApi: ApiClient = createApiClient({ baseUrl: '' });

export interface UploadRequest {
  method: 'POST' | 'PUT';
  url: string;
  form: FormData;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Multipart writes with upload progress, signed and 401-aware like the typed client. */
export function upload<T>(request: UploadRequest): Promise<T> {
  return uploadWithProgress<T>({
    ...request,
    token: readStoredToken(),
    renewToken,
    onUnauthorized: () => reportUnauthorized(),
  });
}
