import { describeMailError, outboxSettings, retryDelay } from './outbox.settings';

describe('outboxSettings', () => {
  const settings = outboxSettings({ pollMs: 5_000, backoffBaseMs: 30_000 });

  it('gives up on a message after 8 attempts', () => {
    expect(settings).toMatchObject({ pollMs: 5_000, backoffBaseMs: 30_000, maxAttempts: 8 });
  });

  it('keeps a claim longer than the slowest SMTP exchange it allows', () => {
    const { leaseMs, smtpTimeouts } = settings;
    const slowest =
      smtpTimeouts.connectionTimeout + smtpTimeouts.greetingTimeout + smtpTimeouts.socketTimeout;
    expect(leaseMs).toBeGreaterThan(slowest);
  });
});

describe('retryDelay', () => {
  it('doubles from the base after each failure, up to one hour', () => {
    const settings = outboxSettings({ pollMs: 5_000, backoffBaseMs: 30_000 });
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelay(8, settings)).toBe(3_600_000);
    expect(retryDelay(20, settings)).toBe(3_600_000);
  });
});

describe('describeMailError', () => {
  it('keeps the code and the message on one line', () => {
    const error = Object.assign(new Error('Message failed: 451 4.3.0 Try\nlater'), {
      code: 'EMESSAGE',
    });
    expect(describeMailError(error)).toBe('EMESSAGE: Message failed: 451 4.3.0 Try later');
  });

  it('removes credentials, in a URL or on their own', () => {
    const error = new Error(
      'cannot reach smtp://mailer:p%40ss-word@mail.example:587 as mailer with p@ss-word',
    );
    const text = describeMailError(error, ['mailer', 'p@ss-word']);
    expect(text).not.toMatch(/mailer|p@ss|p%40ss/);
    expect(text).toContain('smtp://[redacted]@mail.example:587');
  });

  it('bounds the length', () => {
    expect(describeMailError(new Error('x'.repeat(5_000)))).toHaveLength(500);
  });
});
