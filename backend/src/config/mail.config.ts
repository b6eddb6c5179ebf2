import { registerAs } from '@nestjs/config';
import { validateEnv } from './env.validation';

export interface MailConfig {
  smtpUrl?: string;
  notifyTo?: string;
  from: string;
  enquiryRateLimitPerMinute: number;
}

export const mailConfig = registerAs('mail', (): MailConfig => {
  const env = validateEnv(process.env);
  return {
    smtpUrl: env.SMTP_URL,
    notifyTo: env.ENQUIRY_NOTIFY_TO,
    from: env.MAIL_FROM,
    enquiryRateLimitPerMinute: env.ENQUIRY_RATE_LIMIT,
  };
});
