import { launchApi } from '@vitrine/testing';

jest.setTimeout(120_000);

describe('the environment, checked at start', () => {
  it('stops the API with exit status 1 and a message naming each bad variable', async () => {
    const api = await launchApi({
      from: 'source',
      freshDataDir: 'vitrine-env-',
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'short',
        SITE_URL: 'vitrine.example',
        OUTBOX_POLL_MS: 'soon',
        JOB_TRASH_PURGE_EVERY: 'hourly',
      },
    });
    try {
      await expect(api.untilHealthy(90_000)).rejects.toThrow(/the API exited with 1/);
      expect(api.child.exitCode).toBe(1);
      const printed = api.output();
      expect(printed).toMatch(/Invalid environment/);
      expect(printed).toMatch(/JWT_SECRET must be at least 32 characters/);
      expect(printed).toMatch(/SITE_URL must be an http\(s\) URL/);
      expect(printed).toMatch(/OUTBOX_POLL_MS must be a whole number/);
      expect(printed).toMatch(/JOB_TRASH_PURGE_EVERY must be a duration/);
      expect(printed).not.toMatch(/listening/);
    } finally {
      await api.stop();
    }
  });
});
