import { isApiErrorBody } from '@vitrine/contracts';
import { ApiError } from './client';

export interface UploadOptions {
  method: 'POST' | 'PUT';
  url: string;
  form: FormData;
  token?: string | null;
  /** Fraction of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  onUnauthorized?: () => void;
  signal?: AbortSignal;
}

/**
 * Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest
 * can. Answers and errors are shaped like the typed client's.
 */
export function uploadWithProgress<T>({
  method,
  url,
  form,
  token,
  onProgress,
  onUnauthorized,
  signal,
}: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401 && token) onUnauthorized?.();
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
  });
}
