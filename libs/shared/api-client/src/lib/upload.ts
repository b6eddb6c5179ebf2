import { isApiErrorBody } from '@vitrine/contracts';
import { ApiError, REQUEST_TIMEOUT_MS } from './client';
import { IDEMPOTENCY_KEY_HEADER, nextWriteKey } from './idempotency';

export interface UploadOptions {
  method: 'POST' | 'PUT';
  url: string;
  form: FormData;
  token?: string | null;
  /** Fraction of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  onUnauthorized?: () => void;
  /** As the typed client's: a fresh token to send the upload again with after a 401. */
  renewToken?: (refused: string) => Promise<string | null>;
  /** How long the upload may make no progress (or wait for its answer) before it fails. */
  stallTimeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest
 * can. Answers and errors are shaped like the typed client's. A large file on a slow line
 * may take minutes, so the time limit counts from the last sign of life, not from the start.
 */
export async function uploadWithProgress<T>(uploadOptions: UploadOptions): Promise<T> {
  // The same key for the upload sent again after a renewed session: it is one write.
  const options = { ...uploadOptions, idempotencyKey: nextWriteKey() };
  try {
    return await sendUpload<T>(options, options.token);
  } catch (error) {
    const { renewToken, token } = options;
    if (!(error instanceof ApiError) || error.status !== 401 || !token || !renewToken) throw error;
    const renewed = await renewToken(token);
    if (!renewed) {
      options.onUnauthorized?.();
      throw error;
    }
    return sendUpload<T>(options, renewed);
  }
}

function sendUpload<T>(
  {
    method,
    url,
    form,
    onProgress,
    onUnauthorized,
    renewToken,
    stallTimeoutMs = REQUEST_TIMEOUT_MS,
    signal,
    idempotencyKey,
  }: UploadOptions & { idempotencyKey?: string },
  token: string | null | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        const seconds = Math.round(stallTimeoutMs / 1000);
        reject(
          new ApiError(0, {
            statusCode: 0,
            error: 'Timeout',
            message: `The server did not answer within ${seconds} seconds; please try again`,
          }),
        );
      }, stallTimeoutMs);
    };
    xhr.open(method, url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      stillAlive();
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onloadend = () => clearTimeout(timer);
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      // With renewToken the caller asks for a new session first, and reports only if refused.
      if (xhr.status === 401 && token && !renewToken) onUnauthorized?.();
      reject(new ApiError(xhr.status, isApiErrorBody(body) ? body : undefined));
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          statusCode: 0,
          error: 'Network Error',
          message: 'The upload could not reach the server; please try again',
        }),
      );
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
    stillAlive();
  });
}
