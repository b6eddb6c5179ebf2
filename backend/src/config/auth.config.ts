import { registerAs } from '@nestjs/config';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { validateEnv } from './env.validation';

export interface AuthConfig {
  jwtSecret: string;
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries to
   * parse it as a PEM public key on every sign and verify, and that failing attempt
   * (an exception each time) cost more than the rest of a request's authentication.
   */
  jwtKey: crypto.KeyObject;
  jwtExpiresIn: string;
  /** The longest a sign-in lasts through renewed tokens, from the password being typed. */
  sessionMaxAgeMs: number;
  adminUsername: string;
  adminPassword?: string;
  /** argon2id's cost for new password hashes (PASSWORD_HASH_COST; `low` only in tests). */
  passwordHashCost: 'standard' | 'low';
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
  const jwtSecret = env.JWT_SECRET ?? developmentSecret(path.resolve(env.DATA_DIR));
  return {
    jwtSecret,
    jwtKey: crypto.createSecretKey(Buffer.from(jwtSecret)),
    jwtExpiresIn: env.JWT_EXPIRES_IN,
    sessionMaxAgeMs: env.SESSION_MAX_HOURS * 60 * 60 * 1000,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    passwordHashCost: env.PASSWORD_HASH_COST as AuthConfig['passwordHashCost'],
  };
});
