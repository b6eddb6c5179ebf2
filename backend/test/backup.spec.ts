import { mongo } from 'mongoose';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSite } from '../src/backup/site';
import { resealed, zeros } from './support/archives';
import { login, startApiProcess, type ApiProcess } from './support/api-process';
import { pngImage } from './support/images';

const root = path.resolve(__dirname, '../..');
/** Where @swc-node/register keeps its cache when TMPDIR is not changed. */
const SWC_NODE_CACHE = path.join(os.tmpdir(), `swc-node-${process.getuid?.() ?? 'default'}`);

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
      // swc-node keeps its compiled TypeScript under TMPDIR: given a fresh TMPDIR, a run would
      // compile the whole command again. Kept where every other run keeps it.
      SWC_NODE_CACHE_DIR: SWC_NODE_CACHE,
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
});

/**
 * Everything a site holds, read behind the API (stopped) as the restore command opens it:
 * every collection's count, documents (canonical Extended JSON, in _id order) and indexes;
 * every media file's checksum; and every name in the media folder, hidden ones too.
 */
async function stateOf(site: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, { NODE_ENV: 'test', MEDIA_STORAGE: 'disk', ...site });
  if (!site.MONGODB_URI) delete process.env.MONGODB_URI;
  const opened = await openSite('backup');
  process.env = saved;
  try {
    const collections: Record<string, { count: number; documents: string; indexes: unknown }> = {};
    for (const { name } of await opened.db.listCollections({}, { nameOnly: true }).toArray()) {
      const documents = await opened.db
        .collection(name)
        .find({}, { sort: { _id: 1 } })
        .toArray();
      collections[name] = {
        count: documents.length,
        documents: mongo.BSON.EJSON.stringify(documents, { relaxed: false }),
        indexes: await opened.db.collection(name).listIndexes().toArray(),
      };
    }
    const uploads = path.join(site.DATA_DIR, 'uploads');
    const folder = fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [];
    return { collections, media: filesIn(uploads), folder };
  } finally {
    await opened.close();
  }
}

describe('a restore that fails, or an archive that is refused, changes nothing', () => {
  const dirs: string[] = [];
  const dataDir = (prefix = 'vitrine-site-') => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  /** A small site: two products with their photos and an enquiry, backed up while it runs. */
  let site: Record<string, string>;
  let archive: string;
  let before: Awaited<ReturnType<typeof stateOf>>;
  let answersBefore: Record<string, unknown>;

  beforeAll(async () => {
    site = { DATA_DIR: dataDir(), ...databaseFor('failing') };
    archive = path.join(dataDir(), 'site.tar.gz');
    const api = await startApiProcess(site);
    try {
      const token = await login(api.url);
      for (const [name, colour] of [
        ['Linen', '#3b5ba5'],
        ['Khadi', '#a5a53b'],
      ]) {
        const form = new FormData();
        form.append('ProductName', name);
        form.append('ProductCategory', 'Fabric');
        form.append('Userimg', new Blob([await pngImage(700, 500, colour)]), `${name}.png`);
        const created = await fetch(`${api.url}/api/product`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        expect(created.status).toBe(201);
      }
      const made = await runCli(['backup', '--out', archive], site);
      expect(made.code).toBe(0);
      answersBefore = await answers(api, token);
    } finally {
      await api.stop();
    }
    before = await stateOf(site);
    expect(before.collections.products.count).toBe(2);
    expect(before.collections.users.count).toBe(1);
    expect(Object.keys(before.media).length).toBeGreaterThanOrEqual(10);
  }, 240_000);
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The site's archive changed by `change`, sealed again: every checksum matches. */
  const crafted = async (name: string, change: Parameters<typeof resealed>[2]) => {
    const file = path.join(path.dirname(archive), `${name}.tar.gz`);
    await resealed(archive, file, change);
    return file;
  };

  it('refuses an archive with one flipped byte, and changes nothing', async () => {
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

  it('leaves the site as it was when a line late in the archive is not Extended JSON, with or without --force', async () => {
    const file = await crafted('bad-line', ({ files }) => {
      files.set(
        'db/users.jsonl',
        Buffer.concat([files.get('db/users.jsonl')!, Buffer.from('{"UserName": "x", \n')]),
      );
    });
    const refused =
      /Refusing .*bad-line\.tar\.gz: db\/users\.jsonl line 2 is not Extended JSON \(.*\)\. Nothing was changed\./;
    const forced = await runCli(['restore', file, '--force'], site);
    expect(await stateOf(site)).toEqual(before);
    expect(forced.output).toMatch(refused);
    expect(forced.code).toBe(1);

    const fresh = { DATA_DIR: dataDir(), ...databaseFor('fresh') };
    const unforced = await runCli(['restore', file], fresh);
    expect(unforced.output).toMatch(refused);
    expect(unforced.code).toBe(1);
    expect(fs.readdirSync(fresh.DATA_DIR)).toEqual([]);
  }, 120_000);

  it('leaves the site as it was when loading fails late in the archive, with or without --force', async () => {
    // Two users with one _id: every line is Extended JSON and every checksum valid, so the
    // archive passes its check; the database refuses the second user, after every other
    // collection has been loaded.
    const file = await crafted('twice', ({ files }) => {
      const users = files.get('db/users.jsonl')!;
      files.set('db/users.jsonl', Buffer.concat([users, users]));
    });
    const failed =
      /Could not restore .*twice\.tar\.gz: db\/users\.jsonl could not be loaded: two documents have the same value where an index wants each one's to be unique \(E11000 .*\)\. Nothing was changed: .* is as it was\./;
    const forced = await runCli(['restore', file, '--force'], site);
    expect(await stateOf(site)).toEqual(before);
    expect(forced.output).toMatch(failed);
    expect(forced.code).toBe(1);
    const api = await startApiProcess(site);
    try {
      expect(await answers(api, await login(api.url))).toEqual(answersBefore);
    } finally {
      await api.stop();
    }
    // Signing in just now was counted (rate limits, the sign-in throttle): that is the site
    // the next tests must leave as it is.
    before = await stateOf(site);

    const fresh = { DATA_DIR: dataDir(), ...databaseFor('fresh') };
    const unforced = await runCli(['restore', file], fresh);
    expect(await stateOf(fresh)).toEqual({ collections: {}, media: {}, folder: [] });
    expect(unforced.output).toMatch(failed);
    expect(unforced.code).toBe(1);
  }, 240_000);

  it('says, when the database cannot be reached, that nothing was changed', async () => {
    const away = { DATA_DIR: dataDir(), MONGODB_URI: 'mongodb://127.0.0.1:1/vitrine' };
    const result = await runCli(['restore', archive, '--force'], away);
    expect(result.output).toMatch(
      /^Could not open the site to restore .*site\.tar\.gz into \(.*\)\. Nothing was changed\.$/m,
    );
    expect(result.code).toBe(1);
  }, 60_000);

  it('refuses non-image media, unlisted entries, entries larger than listed and archives past the bound, writing nothing', async () => {
    const planted = await crafted('planted', ({ manifest, files }) => {
      for (const name of ['page.html', 'payload.js', 'pic.svg']) {
        manifest.media.push({ name, file: `media/${name}`, bytes: 0, sha256: '' });
        files.set(`media/${name}`, Buffer.from('<script>alert(document.cookie)</script>'));
      }
    });
    const disguised = await crafted('disguised', ({ manifest, files }) => {
      const [first] = manifest.media;
      files.set(first.file, Buffer.from('<html><script>alert(document.cookie)</script></html>'));
    });
    // 256 MB of zeros that the manifest does not list, in an archive of some 250 KB.
    const unlisted = await crafted('unlisted', ({ extra }) => {
      extra.push(['media/fedcba9876543210fedc-640.webp', zeros(256 * 1024 * 1024)]);
    });
    expect(fs.statSync(unlisted).size).toBeLessThan(2 * 1024 * 1024);
    // Listed at its old size and checksum, the entry 4 KB longer.
    const longer = await crafted('longer', ({ files, unsealed }) => {
      files.set(
        'db/users.jsonl',
        Buffer.concat([files.get('db/users.jsonl')!, Buffer.alloc(4096, 32)]),
      );
      unsealed.add('db/users.jsonl');
    });
    const cases: [string, string[], Record<string, string>, RegExp][] = [
      [planted, [], {}, /holds a media file named "page\.html": media are WebP images/],
      [disguised, [], {}, /media\/\w+-\d+\.webp is not a WebP image/],
      [
        unlisted,
        [],
        {},
        /holds "media\/fedcba9876543210fedc-640\.webp", which its manifest does not list/,
      ],
      [longer, [], {}, /db\/users\.jsonl is \d+ bytes where its manifest says \d+/],
      [
        unlisted,
        [],
        { RESTORE_MAX_MB: '16' },
        /unpacks to more than the 16\.0 MB a restore takes \(RESTORE_MAX_MB\)/,
      ],
      [planted, ['--force'], {}, /holds a media file named "page\.html"/],
    ];
    for (const [file, flags, env, reason] of cases) {
      const tmp = dataDir('vitrine-tmp-');
      const forced = flags.includes('--force');
      const target = forced ? site : { DATA_DIR: dataDir(), ...databaseFor('refused') };
      const result = await runCli(['restore', file, ...flags], { ...target, ...env, TMPDIR: tmp });
      if (forced) expect(await stateOf(site)).toEqual(before);
      expect(result.output).toMatch(reason);
      expect(result.output).toMatch(/^Refusing .*\. Nothing was changed\.$/m);
      expect(result.code).toBe(1);
      // What the command wrote to its temporary folder: nothing.
      expect(fs.readdirSync(tmp)).toEqual([]);
      if (!forced) expect(fs.readdirSync(target.DATA_DIR)).toEqual([]);
    }
  }, 300_000);
});
