import fs from 'node:fs';
import path from 'node:path';
import { jobPeriods, validateEnv } from './env.validation';
import { parseTrustProxy } from './trust-proxy';

describe('environment validation', () => {
  it('fills in the documented defaults', () => {
    const env = validateEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      JWT_EXPIRES_IN: '8h',
      UPLOAD_MAX_MB: 10,
      SEED_DEMO: true,
      SERVER_MAX_CONNECTIONS: 500,
      SERVER_HEADERS_TIMEOUT_MS: 20_000,
      SERVER_REQUEST_TIMEOUT_MS: 120_000,
      SERVER_KEEP_ALIVE_TIMEOUT_MS: 65_000,
    });
  });

  it('reads the outbox pace (OUTBOX_POLL_MS, OUTBOX_BACKOFF_MS): 5 s and 30 s by default', () => {
    expect(validateEnv({})).toMatchObject({ OUTBOX_POLL_MS: 5_000, OUTBOX_BACKOFF_MS: 30_000 });
    expect(validateEnv({ OUTBOX_POLL_MS: '100', OUTBOX_BACKOFF_MS: '250' })).toMatchObject({
      OUTBOX_POLL_MS: 100,
      OUTBOX_BACKOFF_MS: 250,
    });
    expect(() => validateEnv({ OUTBOX_POLL_MS: 'soon' })).toThrow(/OUTBOX_POLL_MS must be a whole/);
    expect(() => validateEnv({ OUTBOX_BACKOFF_MS: '0' })).toThrow(
      /OUTBOX_BACKOFF_MS must be at least/,
    );
  });

  it("reads the insights' flush period and retention: 5 s and 24 months by default", () => {
    expect(validateEnv({})).toMatchObject({
      INSIGHTS_FLUSH_MS: 5_000,
      INSIGHTS_RETENTION_MONTHS: 24,
      INSIGHTS_RATE_LIMIT: 120,
    });
    expect(() => validateEnv({ INSIGHTS_FLUSH_MS: '120000' })).toThrow(
      'INSIGHTS_FLUSH_MS must be at most 60000',
    );
    expect(() => validateEnv({ INSIGHTS_RETENTION_MONTHS: '0' })).toThrow(
      'INSIGHTS_RETENTION_MONTHS must be at least 1',
    );
  });

  it('names the variable and its bounds when a duration in milliseconds is out of range', () => {
    expect(() => validateEnv({ WEBHOOK_POLL_MS: '90000000' })).toThrow(
      'WEBHOOK_POLL_MS must be at most 86400000 (a day)',
    );
    expect(() => validateEnv({ WEBHOOK_BACKOFF_MS: '2.5' })).toThrow(
      'WEBHOOK_BACKOFF_MS must be a whole number of milliseconds',
    );
    expect(() => validateEnv({ WEBHOOK_GIVE_UP_MS: '5' })).toThrow(
      'WEBHOOK_GIVE_UP_MS must be at least 1000',
    );
  });

  it("reads each periodic job's JOB_<NAME>_EVERY, and stops on one that is not a duration", () => {
    expect(jobPeriods({ JOB_ORPHAN_MEDIA_SWEEP_EVERY: '2s', JOB_X_EVERY: '', PORT: '1' })).toEqual({
      ORPHAN_MEDIA_SWEEP: '2s',
    });
    expect(() => validateEnv({ JOB_ORPHAN_MEDIA_SWEEP_EVERY: 'hourly' })).toThrow(
      /JOB_ORPHAN_MEDIA_SWEEP_EVERY must be a duration/,
    );
    expect(() => validateEnv({ JOB_ORPHAN_MEDIA_SWEEP_EVERY: '15m' })).not.toThrow();
  });

  it('stops with a message naming each bad variable', () => {
    expect(() =>
      validateEnv({ PORT: 'eighty', MONGODB_URI: 'postgres://db', SMTP_URL: 'http://mail' }),
    ).toThrow(
      /PORT must be an integer[\s\S]*MONGODB_URI must be a mongodb:\/\/[\s\S]*SMTP_URL must be an smtp:\/\//,
    );
  });

  it('requires a long JWT_SECRET in production', () => {
    expect(() => validateEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required in production/,
    );
    expect(() => validateEnv({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
    expect(
      validateEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET,
    ).toHaveLength(32);
  });

  it('takes the low password-hash cost in tests only', () => {
    expect(validateEnv({}).PASSWORD_HASH_COST).toBe('standard');
    expect(validateEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' }).PASSWORD_HASH_COST).toBe(
      'low',
    );
    for (const NODE_ENV of ['production', 'development'])
      expect(() =>
        validateEnv({ NODE_ENV, JWT_SECRET: 'x'.repeat(32), PASSWORD_HASH_COST: 'low' }),
      ).toThrow(/PASSWORD_HASH_COST=low is for tests only/);
    expect(() => validateEnv({ PASSWORD_HASH_COST: 'none' })).toThrow(
      /PASSWORD_HASH_COST must be standard or low/,
    );
  });

  it('treats an empty variable as unset, as compose files write them', () => {
    const env = validateEnv({ SMTP_URL: '', ENQUIRY_NOTIFY_TO: '', MONGODB_URI: '' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MONGODB_URI).toBeUndefined();
  });

  it('reads booleans and numbers the way people write them', () => {
    expect(validateEnv({ SEED_DEMO: 'false', UPLOAD_MAX_MB: '25' })).toMatchObject({
      SEED_DEMO: false,
      UPLOAD_MAX_MB: 25,
    });
  });

  it('takes TRUST_PROXY as a number of proxies or their addresses, never as "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 172.16.0.0/12, loopback, ::1, fd00::/8')).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const blanket of ['true', 'yes', 'TRUE'])
      expect(() => validateEnv({ TRUST_PROXY: blanket })).toThrow(
        /TRUST_PROXY=\w+ would believe the X-Forwarded-For of any client/,
      );
    expect(() => validateEnv({ TRUST_PROXY: '10.0.0.0/33, proxy.local' })).toThrow(
      /"10.0.0.0\/33", "proxy.local" is neither/,
    );
  });
});

describe('configuration in one place', () => {
  it('has no code outside src/config read the environment', () => {
    const src = path.resolve(__dirname, '..');
    const readers = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ts$/.test(file) && !/\.spec\.ts$/.test(file))
      .filter((file) => !file.startsWith(`config${path.sep}`))
      .filter((file) =>
        // Setting a variable for the config to read (seed.ts) is allowed; reading is not.
        fs
          .readFileSync(path.join(src, file), 'utf8')
          .split('\n')
          .some((line) => /process\.env/.test(line) && !/process\.env\.\w+ = /.test(line)),
      );
    expect(readers).toEqual([]);
  });
});
