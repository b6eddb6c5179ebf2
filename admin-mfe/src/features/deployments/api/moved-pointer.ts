/**
 * The version a pointer names after a move, from the API's answer
 * (`{ remote, environment, current, previous }`), or null if it does not say. The API's
 * OpenAPI document does not describe that answer, so the generated client types it as
 * nothing and it is read here with care rather than trusted.
 */
export function movedTo(answer: unknown): string | null {
  const current = (answer as { current?: unknown } | null | undefined)?.current;
  return typeof current === 'string' ? current : null;
}
