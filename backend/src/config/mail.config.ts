import { registerAs } from '@nestjs/config';
import { validateEnv } from './env.validation';

export interface MailConfig {
  smtpUrl?: string;
  notifyTo?: string;
  from: string;
  /** The outbox's pace: between two looks for due mail, and before a first retry. */
  outbox: { pollMs: number; backoffBaseMs: number };
}

export const mailConfig = registerAs('mail', (): MailConfig => {
  const env = validateEnv(process.env);
  return {
    smtpUrl: env.SMTP_URL,
    notifyTo: env.ENQUIRY_NOTIFY_TO,
    from: env.MAIL_FROM,
    outbox: { pollMs: env.OUTBOX_POLL_MS, backoffBaseMs: env.OUTBOX_BACKOFF_MS },
  };
});
