import { createApiClient, uploadWithProgress, type ApiClient } from '@vitrine/api-client';
import { readStoredToken } from '@vitrine/auth';
import { reportUnauthorized } from './session-events';

/**
 * The one client every admin call goes through: same origin (the shell and the dev server
 * proxy /api), the stored token on each request, and a 401 reported once to the access gate.
 */
export const api: ApiClient = createApiClient({
  baseUrl: '',
  getToken: () => readStoredToken(),
  onUnauthorized: () => reportUnauthorized(),
});

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
    onUnauthorized: () => reportUnauthorized(),
  });
}
