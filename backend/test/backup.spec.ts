import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, startApiProcess, type ApiProcess } from './support/api-process';

const root = path.resolve(__dirname, '../..');

/**
 * The whole round trip a studio relies on: a site with demo content, uploads and an
 * enquiry is backed up while its API runs, restored into a fresh DATA_DIR, and answers
 * the same on every list; a damaged archive and a non-empty target are refused, and
 * nothing changes. Runs against the embedded database in DATA_DIR by default, or
 * against MONGODB_URI (a database per site) when it is set.
 */
const external = process.env.VITRINE_TEST_MONGODB_URI;
const databaseFor = (name: string): Record<string, string> => {
  if (!external) return {};
  const url = new URL(external);
  url.pathname = `/vitrine_backup_${name}_${crypto.randomBytes(4).toString('hex')}`;
  return { MONGODB_URI: url.toString() };
};

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json'),
      ...env,
    };
    if (!env.MONGODB_URI) delete childEnv.MONGODB_URI;
    const cli = ['-r', '@swc-node/register', 'backend/src/backup.ts', ...args];
    const child = spawn(process.execPath, cli, {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every list an administrator or a visitor reads, with its total. */
const LISTS = [
  '/api/product?limit=100',
  '/api/product/getcategory',
  '/api/service?limit=100',
  '/api/service/getcategory',
  '/api/reviews?limit=100',
  '/api/gallery',
  '/api/settings',
  '/api/user?limit=100',
  '/api/enquiries?limit=100',
  '/api/trash?limit=100',
];

async function answers(api: ApiProcess, token: string): Promise<Record<string, unknown>> {
  const read: Record<string, unknown> = {};
  for (const list of LISTS) {
    const response = await fetch(`${api.url}${list}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    read[list] = { total: response.headers.get('x-total-count'), body: await response.json() };
  }
  return read;
}

function filesIn(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [
        name,
        crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dir, name)))
          .digest('hex'),
      ]),
  );
}

describe('backup and restore', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-site-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running site and restores it elsewhere with the same answers and media', async () => {
    const original = { DATA_DIR: dataDir(), ...databaseFor('original') };
    const api = await startApiProcess({ ...original, SEED_DEMO: 'true' });
    let before: Record<string, unknown>;
    const archive = path.join(dataDir(), 'site.tar.gz');
    try {
      const token = await login(api.url);
      // Something beyond the demo content: an enquiry, and an item in the trash.
      await fetch(`${api.url}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          source: 'contact',
          FirstName: 'Asha',
          LastName: 'Verma',
          PhoneNumber: '+91 98765 43210',
          Email: 'asha@example.com',
          Message: 'Do you ship linen to Pune?',
        }),
      });
      const [someone] = (await (
        await fetch(`${api.url}/api/reviews?limit=1`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { _id: string }[];
      await fetch(`${api.url}/api/reviews/${someone._id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      before = await answers(api, token);

      const made = await runCli(['backup', '--out', archive], original);
      expect(made.output).toMatch(
        /Backed up .*through the running API's server|Backed up the database at MONGODB_URI/,
      );
      expect(made.code).toBe(0);
    } finally {
      await api.stop();
    }
    const originalMedia = filesIn(path.join(original.DATA_DIR, 'uploads'));
    expect(Object.keys(originalMedia).length).toBeGreaterThan(50);

    // A fresh DATA_DIR (and database) gets the site back.
    const copy = { DATA_DIR: dataDir(), ...databaseFor('copy') };
    const restored = await runCli(['restore', archive], copy);
    expect(restored.output).toMatch(/^Restored /m);
    expect(restored.code).toBe(0);
    expect(filesIn(path.join(copy.DATA_DIR, 'uploads'))).toEqual(originalMedia);
    const again = await startApiProcess(copy);
    try {
      expect(await answers(again, await login(again.url))).toEqual(before);
    } finally {
      await again.stop();
    }

    // It is not empty any more: a second restore is refused unless forced.
    const refused = await runCli(['restore', archive], copy);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /Refusing to restore into .*: it is not empty \(.*products: \d+/,
    );
    const forced = await runCli(['restore', archive, '--force'], copy);
    expect(forced.code).toBe(0);
  }, 240_000);

  it('refuses an archive with one flipped byte, and changes nothing', async () => {
    const site = { DATA_DIR: dataDir(), ...databaseFor('flip') };
    const api = await startApiProcess(site);
    const archive = path.join(dataDir(), 'site.tar.gz');
    try {
      expect((await runCli(['backup', '--out', archive], site)).code).toBe(0);
    } finally {
      await api.stop();
    }
    const damaged = fs.readFileSync(archive);
    damaged[Math.floor(damaged.length / 2)] ^= 0x01;
    const flipped = path.join(path.dirname(archive), 'flipped.tar.gz');
    fs.writeFileSync(flipped, damaged);

    const target = { DATA_DIR: dataDir(), ...databaseFor('target') };
    const result = await runCli(['restore', flipped], target);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing .*flipped\.tar\.gz: .*\. Nothing was changed\./);
    expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
  }, 120_000);
});
