import { validateEnv } from './env.validation';
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
