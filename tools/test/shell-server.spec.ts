import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

// The shell's production server is plain Node (shell/server), run as it is deployed.
// eslint-disable-next-line @nx/enforce-module-boundaries
const { forward, renderWithin } = require('../../shell/server/app.js') as {
  forward(req: unknown, res: unknown, api: string, trustProxy: number): void;
  renderWithin(
    ssr: { render: (url: string, options: { signal: AbortSignal }) => Promise<unknown> },
    url: string,
    options: { apiUrl: string; siteUrl: string; budgetMs: number },
  ): Promise<unknown>;
};

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe("the shell's server forwarding to the API", () => {
  let api: http.Server;
  let seen: http.IncomingHttpHeaders;
  let apiUrl: string;
  const shells: http.Server[] = [];

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      seen = req.headers;
      res.end('{}');
    });
    apiUrl = await listen(api);
  });
  afterAll(() => {
    api.close();
    for (const shell of shells) shell.close();
  });

  async function shellTrusting(hops: number): Promise<string> {
    const app = express();
    app.use((req, res) => forward(req, res, apiUrl, hops));
    const server = http.createServer(app);
    shells.push(server);
    return listen(server);
  }

  it("appends the visitor's address and never passes on what a visitor claims", async () => {
    const shell = await shellTrusting(0);
    await fetch(`${shell}/api/health`, { headers: { 'X-Forwarded-For': '6.6.6.6' } });
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('keeps the address a trusted proxy in front of it names, then its own peer', async () => {
    const shell = await shellTrusting(1);
    await fetch(`${shell}/api/health`, {
      headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' },
    });
    expect(seen['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });
});

describe("the shell's server rendering budget", () => {
  it('gives up on a render that runs past the budget, and aborts it', async () => {
    let signal: AbortSignal | undefined;
    const never = {
      render: (_url: string, options: { signal: AbortSignal }) => {
        signal = options.signal;
        return new Promise(() => undefined);
      },
    };
    await expect(
      renderWithin(never, '/', { apiUrl: 'http://api', siteUrl: 'http://site', budgetMs: 50 }),
    ).rejects.toThrow('the render took more than 50 ms');
    expect(signal?.aborted).toBe(true);
  });
});
