import { registerAs } from '@nestjs/config';
import { validateEnv } from './env.validation';

export interface WebhooksConfig {
  /** Between two looks for due deliveries. */
  pollMs: number;
  /** Before a first retry; doubled at each further failure, up to an hour. */
  backoffBaseMs: number;
  /** How long after its event a delivery is retried before it is marked failed. */
  giveUpMs: number;
  /** How long a receiver has to answer one attempt. */
  timeoutMs: number;
  /** Production refuses http:// and every address that is not public unicast… */
  production: boolean;
  /** …but loopback (http:// included) when WEBHOOK_ALLOW_LOOPBACK; always outside production. */
  allowLoopback: boolean;
}

export const webhooksConfig = registerAs('webhooks', (): WebhooksConfig => {
  const env = validateEnv(process.env);
  return {
    pollMs: env.WEBHOOK_POLL_MS,
    backoffBaseMs: env.WEBHOOK_BACKOFF_MS,
    giveUpMs: env.WEBHOOK_GIVE_UP_MS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    production: env.NODE_ENV === 'production',
    allowLoopback: env.NODE_ENV !== 'production' || env.WEBHOOK_ALLOW_LOOPBACK === true,
  };
});
