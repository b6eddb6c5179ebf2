import { ApiError, type Media } from '@vitrine/api-client';

/** The typed client's calls as tests answer them: by path, with a body and a response. */
export type ClientCall = (
  path: string,
  init?: unknown,
) => Promise<{ data?: unknown; response: Response }>;

/** A 200 answer, as much of one as unwrap and unwrapList read (jsdom has no Response). */
export const okResponse = {
  ok: true,
  status: 200,
  headers: { get: () => null },
} as unknown as Response;

const STATUS_NAMES: Record<number, string> = { 400: 'Bad Request', 409: 'Conflict' };

/** A refusal in the API's one error shape, field messages and all. */
export function apiRefusal(
  status: number,
  message: string,
  errors?: Record<string, string>,
): ApiError {
  return new ApiError(status, {
    statusCode: status,
    error: STATUS_NAMES[status] ?? 'Error',
    message,
    errors,
  });
}

/** A stored image's variants as the API describes them: one 640 px WebP. */
export const SAMPLE_MEDIA: Media = {
  id: 'abc',
  width: 640,
  height: 480,
  placeholder: '',
  variants: [{ url: '/uploads/abc-640.webp', width: 640 }],
};
