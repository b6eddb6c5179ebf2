import { WEBHOOK_BACKOFF_CAP_MS, webhookRetryDelay } from './webhook-retry';

describe('webhook retry delays', () => {
  it('double at each failure, between 75 % and 100 % of the step, capped at an hour', () => {
    expect(webhookRetryDelay(1, 1000, () => 1)).toBe(1000);
    expect(webhookRetryDelay(1, 1000, () => 0)).toBe(750);
    expect(webhookRetryDelay(3, 1000, () => 1)).toBe(4000);
    expect(webhookRetryDelay(40, 1000, () => 1)).toBe(WEBHOOK_BACKOFF_CAP_MS);
    // The shortest pause of a step is longer than the longest of the step before.
    for (let attempts = 1; attempts < 10; attempts++)
      expect(webhookRetryDelay(attempts + 1, 1000, () => 0)).toBeGreaterThan(
        webhookRetryDelay(attempts, 1000, () => 1),
      );
  });
});
