import { registerAs } from '@nestjs/config';
import path from 'node:path';
import { validateEnv } from './env.validation';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  /** The public site's address, for absolute links in the sitemap. */
  siteUrl: string;
  corsOrigins: string[];
  trustProxy: boolean;
  uploadMaxBytes: number;
  seedDemo: boolean;
  logLevel: string;
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = validateEnv(process.env);
  return {
    env: env.NODE_ENV as AppConfig['env'],
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
  };
});
