/**
 * The README's snippet that verifies a webhook signature, run as written against a real
 * delivery, so the documentation cannot drift from what the API signs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { waitUntil } from './support/api-process';
import { bearer, useTestApp } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

type Verify = (
  secret: string,
  rawBody: string,
  header: string,
  toleranceSeconds?: number,
) => boolean;

/** The first js block of the README's "### Webhooks" section. */
function readmeSnippet(): string {
  const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  const section = readme.split(/^### Webhooks$/m)[1]?.split(/^##? /m)[0] ?? '';
  const snippet = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!snippet) throw new Error('README.md has no js block under ### Webhooks');
  return snippet;
}

/** The README's snippet, as a function. */
function readmeVerifier(): Verify {
  // The snippet uses node:crypto alone, through require, as a receiver's script would.
  return new Function('require', `${readmeSnippet()}\nreturn verifyVitrineSignature;`)(
    require,
  ) as Verify;
}

describe("the README's signature check", () => {
  const t = useTestApp({ WEBHOOK_POLL_MS: '50' });

  it('is the one the API document shows its consumers', async () => {
    const { body } = await t.api.get('/api/docs-json').expect(200);
    expect(body.info.description).toContain(readmeSnippet());
  });

  it('accepts a real delivery, and refuses a wrong secret, a changed body and an old timestamp', async () => {
    const verify = readmeVerifier();
    const receiver = await startReceiver();
    try {
      const auth = bearer(t.adminToken);
      const { body: endpoint } = await t.api
        .post('/api/webhooks')
        .set(auth)
        .send({ url: receiver.url, events: ['webhook.test'] })
        .expect(201);
      await t.api.post(`/api/webhooks/${endpoint.id}/test`).set(auth).expect(201);
      await waitUntil(async () => receiver.received.length >= 1, 10_000, 'the test event');
      const [{ body, headers }] = receiver.received;
      const header = headers['vitrine-signature'] as string;

      expect(verify(endpoint.secret, body, header)).toBe(true);
      expect(verify(`${endpoint.secret}x`, body, header)).toBe(false);
      expect(verify(endpoint.secret, body.replace('webhook.test', 'product.created'), header)).toBe(
        false,
      );
      expect(verify(endpoint.secret, body, header.replace(/v1=\w+/, 'v1=00'))).toBe(false);
      expect(verify(endpoint.secret, body, '')).toBe(false);
      const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 6 * 60 * 1000);
      try {
        expect(verify(endpoint.secret, body, header)).toBe(false);
      } finally {
        now.mockRestore();
      }
    } finally {
      await receiver.close();
    }
  });
});
