import { registerAs } from '@nestjs/config';
import { validateEnv } from './env.validation';

export interface InsightsConfig {
  /** Between two writes of the views an instance counted (INSIGHTS_FLUSH_MS). */
  flushMs: number;
  /** Months the daily aggregates are kept (INSIGHTS_RETENTION_MONTHS). */
  retentionMonths: number;
}

export const insightsConfig = registerAs('insights', (): InsightsConfig => {
  const env = validateEnv(process.env);
  return { flushMs: env.INSIGHTS_FLUSH_MS, retentionMonths: env.INSIGHTS_RETENTION_MONTHS };
});
