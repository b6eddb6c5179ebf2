import { signedInUser } from './support/fixtures';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

/**
 * Rights taken away (or sessions ended) take effect at once on every API instance: two instances share one
 * database; requests with a user's token stream into the first while the second takes the
 * user's rights away. Every request sent after that change was acknowledged is refused.
 */
describe('taking rights away', () => {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let editors = 0;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ MONGODB_URI: first.mongoUri });
    await first.app.listen(0, '127.0.0.1');
    firstUrl = (await first.app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await stopTestDatabase();
  });

  /** A second administrator, signed in on the first instance. */
  function editor() {
    const UserName = `editor${++editors}`;
    return signedInUser(first, { UserName, Password: 'editor-password', isAdmin: true });
  }

  /**
   * Eight clients send admin-only requests with `token` to the first instance, each as soon
   * as its last one is answered, until `enough` says stop; returns when each was sent and
   * how it was answered.
   */
  async function stream(
    token: string,
    enough: (sent: { at: number; status: number }[]) => boolean,
  ) {
    const answered: { at: number; status: number }[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!enough(answered)) {
          const at = performance.now();
          const response = await fetch(`${firstUrl}/api/user?limit=1`, { headers: bearer(token) });
          await response.arrayBuffer();
          answered.push({ at, status: response.status });
        }
      }),
    );
    return answered;
  }

  it.each([
    [
      'their administrator flag is removed',
      403,
      (id: string) => second.api.put(`/api/user/${id}`).send({ isAdmin: false }),
    ],
    ['they are deleted', 401, (id: string) => second.api.delete(`/api/user/${id}`)],
    [
      'an administrator signs them out everywhere',
      401,
      (id: string) => second.api.post(`/api/user/${id}/logout`),
    ],
  ])('refuses every request sent after %s on another instance', async (_change, status, change) => {
    const { id, token } = await editor();
    let changedAt = Infinity;
    let changing: Promise<void> | undefined;
    const answered = await stream(token, (so) => {
      // Once the stream is in full flow, take the rights away through the other instance…
      if (!changing && so.length >= 40) {
        changing = change(id)
          .set(bearer(second.adminToken))
          .then((response) => {
            expect(response.status).toBeLessThan(300);
            changedAt = performance.now();
          });
      }
      // …and carry on until 40 requests sent after that have been answered.
      return so.filter((request) => request.at > changedAt).length >= 40;
    });
    await changing;

    const before = answered.filter((request) => request.at < changedAt);
    const after = answered.filter((request) => request.at > changedAt);
    expect(before.filter((request) => request.status === 200).length).toBeGreaterThanOrEqual(40);
    expect(after.length).toBeGreaterThanOrEqual(40);
    expect(after.filter((request) => request.status !== status)).toEqual([]);
  });
});
