/**
 * Saves that never act twice and never say "not saved" when they may have been: each save
 * attempt sends its writes with an Idempotency-Key (the API answers a retry with the same
 * key with the first answer, instead of acting again), and an attempt the server did not
 * answer (timeout, network) is sent again with the same keys until it does.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The writes that take a key; DELETE is idempotent as it is. */
export const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The save under way and how many writes it sent: its n-th write's key is `<key>.<n>`, so a
 * save of several writes (an upload, then the record) gives each its own key, and the same
 * keys again when it is sent again. One save at a time: the admin's forms are busy while
 * they save.
 */
let current: { key: string; sent: number } | null = null;

/** The key for the next write of the save under way; none outside a save. */
export function nextWriteKey(): string | undefined {
  if (!current) return undefined;
  return `${current.key}.${current.sent++}`;
}

/**
 * Whether the server may not have received the save, or may not have finished it: no answer
 * in time, no connection, a gateway that gave up on the API, or the API saying the first
 * request with this key is still running. Any other answer is the server's word.
 */
export function isUnanswered(error: unknown): boolean {
  // An ApiError (client.ts, which sends the keys this file gives, so is not imported here).
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const { status } = error as Error & { status?: unknown };
  if (status === 0 || status === 502 || status === 503 || status === 504) return true;
  return status === 409 && /still being processed/.test(error.message);
}

/** 1 s, 2 s, 4 s… up to 15 s between the attempts of a save the server has not answered. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 15_000);
}

export interface SaveUntilAnsweredOptions {
  /** Called after each unanswered attempt, before the wait and the next one. */
  onUnanswered?(error: unknown, attempt: number): void;
  delayMs?(attempt: number): number;
  wait?(ms: number): Promise<void>;
}

/**
 * Runs `save` with its writes keyed by `key`, and again with the same keys while the server
 * leaves it unanswered (isUnanswered): it resolves with the first answered success, or
 * rejects with the server's refusal.
 */
export async function saveUntilAnswered<T>(
  key: string,
  save: () => Promise<T>,
  {
    onUnanswered,
    delayMs = retryDelayMs,
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: SaveUntilAnsweredOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    current = { key, sent: 0 };
    try {
      return await save();
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      onUnanswered?.(error, attempt);
    } finally {
      current = null;
    }
    await wait(delayMs(attempt));
  }
}

/**
 * One key per save of the same content: `keyFor(values)` gives the key of the last save of
 * these very values that got no answer, or a new key for values that changed (a file by its
 * name, size, type and date). `answered()` once the server answered, so the next save is a
 * new request.
 */
export class SaveKeys {
  private last: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(values: unknown): string {
    const fingerprint = valuesFingerprint(values);
    if (this.last?.fingerprint !== fingerprint) this.last = { fingerprint, key: this.newKey() };
    return this.last.key;
  }

  answered(): void {
    this.last = null;
  }
}

export function valuesFingerprint(values: unknown): string {
  return JSON.stringify(values, (_name, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob
      ? {
          blob: value.size,
          type: value.type,
          name: (value as Partial<File>).name,
          modified: (value as Partial<File>).lastModified,
        }
      : value,
  );
}
