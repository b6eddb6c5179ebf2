import crypto from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@vitrine/contracts';

/**
 * Signing and verifying deliveries, as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<raw body>">` keyed with the endpoint's whole secret (`whsec_…`). The timestamp is
 * signed with the body, so a receiver that refuses old timestamps also refuses replays of a
 * captured delivery. The tests verify with `verifyWebhookSignature`, and the README's
 * snippet does the same with node:crypto alone.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** A new secret, shown once to the administrator who registers or rotates an endpoint. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64url')}`;
}

/**
 * Whether `header` signs `body` with `secret`, at a timestamp within `toleranceSeconds` of
 * `now` (either side, for clocks that differ). Compared in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  { toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS, now = Date.now() } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1], 'hex');
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
