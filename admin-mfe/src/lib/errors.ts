import { ApiError } from '@vitrine/api-client';

/** A sentence for the user from whatever a call threw. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Field errors the API named (`{ UserName: '…' }`, `{ 'social.0.url': '…' }`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** A 401 is already handled (sign-out and the way back to login); say nothing more. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
