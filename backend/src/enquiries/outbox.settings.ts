import type { MailConfig } from '../config/mail.config';

/** How the outbox worker paces itself: OUTBOX_POLL_MS and OUTBOX_BACKOFF_MS, then constants. */
export interface OutboxSettings {
  /** Pause between two looks for due messages. */
  pollMs: number;
  /** First retry delay; each further failure doubles it, up to backoffCapMs. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts: number;
  /**
   * How long a claimed message stays invisible to other workers. Longer than the worst
   * send (the SMTP timeouts below), so two workers never send the same mail.
   */
  leaseMs: number;
  /** Messages sent per look, so one poll cannot run for ever. */
  batchSize: number;
  smtpTimeouts: { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };
}

export function outboxSettings({ pollMs, backoffBaseMs }: MailConfig['outbox']): OutboxSettings {
  return {
    pollMs,
    backoffBaseMs,
    backoffCapMs: 60 * 60 * 1000,
    maxAttempts: 8,
    leaseMs: 5 * 60 * 1000,
    batchSize: 20,
    smtpTimeouts: { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
  };
}

/** Delay before the next attempt after `attempts` failed ones: base, 2×base, 4×base… capped. */
export function retryDelay(attempts: number, settings: OutboxSettings): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(settings.backoffBaseMs * 2 ** exponent, settings.backoffCapMs);
}

/**
 * An SMTP error as it may be stored and shown to administrators: one line, bounded, and
 * without the credentials of the SMTP URL (as a URL or on their own).
 */
export function describeMailError(error: unknown, secrets: readonly string[] = []): string {
  const raw = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  let text = typeof code === 'string' && !raw.includes(code) ? `${code}: ${raw}` : raw;
  text = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1[redacted]@');
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      text = text.split(form).join('[redacted]');
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}
