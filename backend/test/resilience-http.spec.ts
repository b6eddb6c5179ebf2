import net from 'node:net';
import { waitUntil } from './support/api-process';
import { createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

jest.setTimeout(180_000);

describe('the HTTP server limits', () => {
  let t: TestApp;
  let port: number;

  /** A raw connection: what it received, and when it was closed. */
  const connect = () =>
    new Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }>(
      (resolve, reject) => {
        let received = '';
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () =>
          resolve({
            socket,
            received: () => received,
            closed: new Promise((done) => socket.once('close', () => done(Date.now() - started))),
          }),
        );
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('error', () => undefined);
        socket.once('error', reject);
      },
    );
  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

  afterEach(async () => {
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  const listen = async (env: Record<string, string>) => {
    t = await createTestApp(env);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as net.AddressInfo).port;
  };

  it('cuts off a client that trickles its headers or its body in, and serves the others', async () => {
    await listen({ SERVER_HEADERS_TIMEOUT_MS: '1000', SERVER_REQUEST_TIMEOUT_MS: '2000' });
    const headers = await connect();
    headers.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const body = await connect();
    body.socket.write(
      'POST /api/enquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"Message":',
    );
    expect(await health()).toBe(200);
    expect(await headers.closed).toBeLessThan(15_000);
    expect(headers.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await body.closed).toBeLessThan(15_000);
    expect(body.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes kept-alive connections left idle', async () => {
    await listen({ SERVER_KEEP_ALIVE_TIMEOUT_MS: '500' });
    const client = await connect();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await client.closed).toBeLessThan(10_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('keeps answering while clients send bodies nested 5,000 deep, all at once', async () => {
    // Found by hand (issue 16): such bodies, sent concurrently, took /api/health to 503.
    await listen({});
    const deep = `{"Name":"x","website":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const post = () =>
      fetch(`http://127.0.0.1:${port}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: deep,
      }).then((response) => response.status);
    const [statuses, healthy] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, post)),
      health(),
    ]);
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(healthy).toBe(200);
  });

  it('refuses connections beyond SERVER_MAX_CONNECTIONS, and serves again once they close', async () => {
    await listen({ SERVER_MAX_CONNECTIONS: '6' });
    const held = await Promise.all(Array.from({ length: 6 }, connect));
    const extra = await connect();
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    await waitUntil(async () => (await health().catch(() => 0)) === 200, 5000);
  });
});
