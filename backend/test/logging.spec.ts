import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, startApiProcess, waitUntil, type ApiProcess } from './support/api-process';

jest.setTimeout(120_000);

/** The API as production logs (info): one JSON line per request, on stdout. */
describe('request logs', () => {
  let api: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-logs-'));
    api = await startApiProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await api?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const linesFor = (url: string) =>
    api
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, { url?: string } & Record<string, unknown>>)
      .filter((entry) => entry.req?.url === url);

  it('writes what was asked, by whom and how it went, and never the token', async () => {
    const token = await login(api.url);
    const url = '/api/user?limit=1';
    const response = await fetch(`${api.url}${url}`, {
      headers: { Authorization: `Bearer ${token}`, 'User-Agent': 'log-test/1.0' },
    });
    expect(response.status).toBe(200);
    await waitUntil(async () => linesFor(url).length === 1, 10_000);

    const [line] = linesFor(url);
    expect(line).toMatchObject({
      msg: 'request completed',
      req: {
        id: response.headers.get('x-request-id'),
        method: 'GET',
        url,
        userAgent: 'log-test/1.0',
        remoteAddress: expect.stringContaining('127.0.0.1'),
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(api.output()).not.toContain(token);
    expect(api.output()).not.toMatch(/authorization/i);
  });
});

/** `npm start` runs the API in development: lines a person reads, not JSON. */
describe('request logs in development', () => {
  let api: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-logs-'));
    api = await startApiProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      NO_COLOR: '1',
    });
  });
  afterAll(async () => {
    await api?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads as one line per request: time, level, method, path, status and duration', async () => {
    const token = await login(api.url);
    const response = await fetch(`${api.url}/api/user?limit=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const line = /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/user\?limit=1 → 200 in \d+ ms$/m;
    await waitUntil(async () => line.test(api.output()), 10_000).catch((error) => {
      throw new Error(`${error}\n${api.output()}`);
    });
    expect(api.output()).not.toMatch(/^\{/m);
    expect(api.output()).not.toContain(token);
  });
});
