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
