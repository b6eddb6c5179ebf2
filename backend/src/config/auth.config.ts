import { registerAs } from '@nestjs/config';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { validateEnv } from './env.validation';

export interface AuthConfig {
  jwtSecret: string;
  jwtExpiresIn: string;
  adminUsername: string;
  adminPassword?: string;
  loginRateLimitPerMinute: number;
  /** Consecutive failures that lock an account, and for how long. */
  lockoutThreshold: number;
  lockoutMs: number;
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so that
 * sign-ins survive a restart of the development server. Production must set it.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = validateEnv(process.env);
  return {
    jwtSecret: env.JWT_SECRET ?? developmentSecret(path.resolve(env.DATA_DIR)),
    jwtExpiresIn: env.JWT_EXPIRES_IN,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT,
    lockoutThreshold: 10,
    lockoutMs: 15 * 60 * 1000,
  };
});
