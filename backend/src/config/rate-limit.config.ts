import { registerAs } from '@nestjs/config';
import { validateEnv } from './env.validation';

/**
 * Requests one client address may make a minute, per kind (LOGIN_RATE_LIMIT,
 * ENQUIRY_RATE_LIMIT), and one API token by default (API_TOKEN_RATE_LIMIT).
 */
export interface RateLimitConfig {
  loginPerMinute: number;
  enquiryPerMinute: number;
  apiTokenPerMinute: number;
  /** Insights beacons (INSIGHTS_RATE_LIMIT), counted in each instance's memory. */
  insightsPerMinute: number;
}

export const rateLimitConfig = registerAs('rateLimit', (): RateLimitConfig => {
  const env = validateEnv(process.env);
  return {
    loginPerMinute: env.LOGIN_RATE_LIMIT,
    enquiryPerMinute: env.ENQUIRY_RATE_LIMIT,
    apiTokenPerMinute: env.API_TOKEN_RATE_LIMIT,
    insightsPerMinute: env.INSIGHTS_RATE_LIMIT,
  };
});
