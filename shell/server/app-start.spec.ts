/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createShellServer } from './app';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe("the shell's server as it starts, with versioned deploys", () => {
  const servers: http.Server[] = [];
  let dir: string;
  afterAll(() => {
    for (const server of servers) server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers its first page and /config.json with the version its first reading serves', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    // An API slow to answer the pointers, and the admin remote's version a1.
    const api = http.createServer((req, res) => {
      const answer = { environment: 'production', remotes: { public_mfe: null, admin_mfe: 'a1' } };
      setTimeout(() => res.end(JSON.stringify({ ...answer, serving: answer.remotes })), 300);
    });
    const remote = http.createServer((req, res) => {
      if (req.url === '/a1/mf-manifest.json') {
        return void res.end(
          JSON.stringify({ exposes: [{ name: 'Module', assets: { js: { sync: ['main.js'] } } }] }),
        );
      }
      if (req.url === '/a1/remoteEntry.js') {
        return void res.end('var admin_mfe = { get: function () {}, init: function () {} };');
      }
      res.end('// a file of the build');
    });
    servers.push(api, remote);
    const [apiUrl, remoteUrl] = await Promise.all([listen(api), listen(remote)]);
    const shell = createShellServer({
      dir,
      api: apiUrl,
      siteUrl: 'https://vitrine.example',
      config: () => ({ remotes: {} }),
      deployment: {
        environment: 'production',
        remotes: {
          public_mfe: { base: `${remoteUrl}/public/` },
          admin_mfe: { base: `${remoteUrl}/` },
        },
      },
      log: () => undefined,
    });
    const server = http.createServer(shell.app);
    servers.push(server);
    const site = await listen(server);
    void shell.start();
    try {
      const [page, config] = await Promise.all([
        fetch(`${site}/admin/overview`).then((response) => response.text()),
        fetch(`${site}/config.json`).then((response) => response.json()),
      ]);
      expect(page).toContain(`${remoteUrl}/a1/remoteEntry.js`);
      expect(config.remotes).toEqual({ admin_mfe: `${remoteUrl}/a1/remoteEntry.js` });
    } finally {
      shell.stop();
    }
  });
});
