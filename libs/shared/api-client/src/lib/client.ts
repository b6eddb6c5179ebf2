import { isApiErrorBody, TOTAL_COUNT_HEADER, type ApiErrorBody } from '@vitrine/contracts';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/schema';
import { IDEMPOTENCY_KEY_HEADER, KEYED_METHODS, nextWriteKey } from './idempotency';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Where the API is; '' means the page's own origin (the shell proxies /api). */
  baseUrl?: string;
  /** The signed-in token, read at each request so a new sign-in takes effect at once. */
  getToken?: () => string | null;
  /** Called when the API answers 401 to a request that carried a token. */
  onUnauthorized?: (response: Response) => void;
  /**
   * Asked when the API answers 401 to a request that carried a token (`refused`): a token to
   * send the same request again with (renewed meanwhile, or after signing in again), or null
   * to give up (onUnauthorized).
   */
  renewToken?: (refused: string) => Promise<string | null>;
  /** How long a request may go unanswered before it fails with a clear message. */
  timeoutMs?: number;
  fetch?: (request: Request) => Promise<Response>;
}

/** Every request fails with a clear message after this long, rather than spinning on. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A request the server did not answer in time (it may still arrive there). */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(
      `The server did not answer within ${Math.round(timeoutMs / 1000)} seconds; please try again`,
    );
    this.name = 'RequestTimeoutError';
  }
}

/**
 * Sends `request`, failing with RequestTimeoutError when no answer has come within `ms`. The
 * request is aborted where the platform allows (a test double's Request may not take a signal).
 */
export async function fetchWithTimeout(
  fetchImpl: (request: Request) => Promise<Response>,
  request: Request,
  ms: number,
): Promise<Response> {
  const controller = new AbortController();
  let attempt = request;
  try {
    attempt = new Request(request, { signal: controller.signal });
  } catch {
    // Sent as it is; the timer below still ends the wait.
  }
  const forwardAbort = () => controller.abort();
  request.signal?.addEventListener('abort', forwardAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new RequestTimeoutError(ms));
    }, ms);
  });
  try {
    return await Promise.race([fetchImpl(attempt), timeout]);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The typed client both front ends call the API through: paths, parameters and bodies come
 * from the API's OpenAPI document, so a renamed field is a compile error.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const { renewToken } = options;

  async function send(request: Request): Promise<Response> {
    // Kept unsent, so the same request can go again once the session is renewed.
    const sentWith = request.headers.get('Authorization')?.replace(/^Bearer /, '');
    const again = renewToken && sentWith ? request.clone() : null;
    const response = await fetchWithTimeout(fetchImpl, request, timeoutMs);
    if (response.status !== 401 || !again || !renewToken || !sentWith) return response;
    const token = await renewToken(sentWith);
    if (!token) return response;
    again.headers.set('Authorization', `Bearer ${token}`);
    return fetchWithTimeout(fetchImpl, again, timeoutMs);
  }

  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? runtimeApiBase(),
    fetch: send,
  });
  client.use({
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const key = KEYED_METHODS.has(request.method) ? nextWriteKey() : undefined;
      if (key) request.headers.set(IDEMPOTENCY_KEY_HEADER, key);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has('Authorization')) {
        options.onUnauthorized?.(response);
      }
      return response;
    },
  });
  return client;
}

/**
 * The API's address as the shell's run-time config gives it (`apiUrl` in /config.json);
 * '' (the page's own origin) when there is none, as in a remote's standalone mode.
 */
export function runtimeApiBase(): string {
  const config = (globalThis as { __VITRINE_CONFIG__?: { apiUrl?: unknown } }).__VITRINE_CONFIG__;
  return typeof config?.apiUrl === 'string' ? config.apiUrl.replace(/\/$/, '') : '';
}

/** An API answer that was not a success, with the API's message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(status: number, body: ApiErrorBody | undefined, response?: Response) {
    super(body?.message ?? `The server answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = body?.errors ?? {};
    const retryAfter = Number(response?.headers.get('Retry-After'));
    if (retryAfter > 0) this.retryAfterSeconds = retryAfter;
  }
}

export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful call, or an ApiError. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof RequestTimeoutError) {
      throw new ApiError(0, { statusCode: 0, error: 'Timeout', message: error.message });
    }
    throw new ApiError(0, {
      statusCode: 0,
      error: 'Network Error',
      message: 'The server could not be reached; check your connection and try again',
    });
  }
  const { data, error, response } = result;
  if (!response.ok) {
    throw new ApiError(response.status, isApiErrorBody(error) ? error : undefined, response);
  }
  return data as T;
}

/** A list's total from X-Total-Count (the list itself is the JSON array). */
export function totalCount(response: Response): number {
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return Number.isFinite(total) ? total : 0;
}
