import { API_TOKEN_PREFIX } from '@vitrine/contracts';
import crypto from 'node:crypto';

/** Characters of the secret kept for display: `vit_` and four of the random part. */
const SHOWN = API_TOKEN_PREFIX.length + 4;

/** A new secret: `vit_` and 32 random bytes in base64url (256 bits: nothing to guess). */
export function newSecret(): { secret: string; hash: string; prefix: string } {
  const secret = API_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, SHOWN) };
}

/**
 * What a secret is stored and looked up as. SHA-256, not a password hash: a password hash
 * is slow to stop guessing of low-entropy secrets, and 256 random bits cannot be guessed
 * (GitHub and Stripe store their tokens the same way). Being fast, it costs nothing per
 * request.
 */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}
