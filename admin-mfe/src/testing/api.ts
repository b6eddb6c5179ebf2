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
