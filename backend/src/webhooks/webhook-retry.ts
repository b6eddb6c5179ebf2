/** The longest pause between two attempts of one delivery. */
export const WEBHOOK_BACKOFF_CAP_MS = 60 * 60 * 1000;

/**
 * The pause after `attempts` failed attempts: base, 2×base, 4×base… capped at an hour, each
 * taken at random between 75 % and 100 % of that, so that the deliveries of many events
 * that failed together (a receiver down) do not all come back at the same instant. The
 * lowest pause of one step is above the highest of the step before, so the gaps grow.
 */
export function webhookRetryDelay(
  attempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const full = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), WEBHOOK_BACKOFF_CAP_MS);
  return Math.round(full * (0.75 + 0.25 * random()));
}
