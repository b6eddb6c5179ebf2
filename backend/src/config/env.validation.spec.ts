import { validateEnv } from './env.validation';

describe('environment validation', () => {
  it('fills in the documented defaults', () => {
    const env = validateEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      JWT_EXPIRES_IN: '8h',
      UPLOAD_MAX_MB: 10,
      SEED_DEMO: true,
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
    expect(
      validateEnv({ SEED_DEMO: 'false', TRUST_PROXY: 'yes', UPLOAD_MAX_MB: '25' }),
    ).toMatchObject({
      SEED_DEMO: false,
      TRUST_PROXY: true,
      UPLOAD_MAX_MB: 25,
    });
  });
});
