/**
 * A closed database: the server answers only clients with its credentials (SCRAM-SHA-256,
 * as the driver speaks it), listens on loopback only, and keeps its files to its owner.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { CREDENTIALS_FILE } from '../credentials';
import { startEmbeddedMongo, type EmbeddedMongo } from '../server';
import { RawClient } from '../test-support/raw';
import { describeEmbeddedOnly } from '../test-support/target';
import { startServerProcess } from '../test-support/child';

const withoutCredentials = (s: EmbeddedMongo) => `mongodb://127.0.0.1:${s.port}/`;
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describeEmbeddedOnly('a closed embedded database', () => {
  let s: EmbeddedMongo;
  beforeAll(async () => {
    s = await startEmbeddedMongo({ logger: false });
    const client = await MongoClient.connect(s.uriFor('shop'));
    await client.db('shop').collection('users').insertOne({ UserName: 'admin', Password: 'hash' });
    await client.close();
  });
  afterAll(() => s.stop());

  it('refuses every data command of a client without its credentials, and writes nothing', async () => {
    const client = await MongoClient.connect(withoutCredentials(s), {
      serverSelectionTimeoutMS: 2000,
    });
    try {
      const users = client.db('shop').collection('users');
      await expect(users.findOne({})).rejects.toMatchObject({
        code: 13,
        codeName: 'Unauthorized',
        message: 'Command find requires authentication',
      });
      await expect(users.insertOne({ UserName: 'intruder' })).rejects.toMatchObject({ code: 13 });
      await expect(client.db('admin').command({ listDatabases: 1 })).rejects.toMatchObject({
        code: 13,
      });
      // The handshake and a ping still answer, as on mongod.
      expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    } finally {
      await client.close();
    }
    const owner = await MongoClient.connect(s.uriFor('shop'));
    expect(await owner.db('shop').collection('users').countDocuments()).toBe(1);
    await owner.close();
  });

  it('refuses a wrong password or an unknown user with "Authentication failed."', async () => {
    const { username, password } = s.credentials;
    for (const [user, pass] of [
      [username, `${password}x`],
      ['someone', password],
    ]) {
      const error = await MongoClient.connect(
        `mongodb://${user}:${pass}@127.0.0.1:${s.port}/shop`,
        { serverSelectionTimeoutMS: 2000 },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error).toMatchObject({ code: 18, message: 'Authentication failed.' });
    }
  });

  it('signs the driver in with SCRAM-SHA-256 on any database name, speculatively or not', async () => {
    for (const uri of [
      s.uriFor('shop'),
      `${s.uri}shop?authSource=admin`,
      `${s.uri}shop?authMechanism=SCRAM-SHA-256`,
    ]) {
      const client = await MongoClient.connect(uri);
      const status = await client.db('admin').command({ connectionStatus: 1 });
      expect(status.authInfo.authenticatedUsers).toEqual([
        { user: s.credentials.username, db: expect.any(String) },
      ]);
      expect(await client.db('shop').collection('users').countDocuments()).toBe(1);
      await client.close();
    }
    // SCRAM-SHA-1 (MD5 of the password inside) is not offered.
    await expect(
      MongoClient.connect(`${s.uri}shop?authMechanism=SCRAM-SHA-1`, {
        serverSelectionTimeoutMS: 2000,
      }),
    ).rejects.toMatchObject({ code: 334 });
  });

  it('checks every part of the proof: a changed proof or nonce is refused, and the connection stays unauthenticated', async () => {
    const { username, password } = s.credentials;
    const raw = await RawClient.connect(s.port);
    try {
      const flip = (text: string) => text.replace(/p=(.)/, (_m, c) => `p=${c === 'A' ? 'B' : 'A'}`);
      expect((await raw.authenticate(1, username, password, flip)).finish).toMatchObject({
        ok: 0,
        code: 18,
      });
      const nonce = (text: string) => text.replace(/r=([^,]+)/, 'r=$1x');
      expect((await raw.authenticate(3, username, password, nonce)).finish).toMatchObject({
        ok: 0,
        code: 18,
      });
      const refused = await raw.command(5, { find: 'users', $db: 'shop' });
      expect(refused.doc).toMatchObject({ ok: 0, code: 13 });

      const { finish } = await raw.authenticate(6, username, password);
      expect(finish).toMatchObject({ ok: 1, done: true });
      const found = await raw.command(8, { find: 'users', $db: 'shop' });
      expect(found.doc.cursor.firstBatch).toHaveLength(1);
      // logout ends it again.
      await raw.command(9, { logout: 1, $db: 'admin' });
      expect((await raw.command(10, { find: 'users', $db: 'shop' })).doc.code).toBe(13);
    } finally {
      raw.destroy();
    }
  });

  it('listens on loopback only', async () => {
    await expect(startEmbeddedMongo({ logger: false, host: '0.0.0.0' })).rejects.toThrow(
      /loopback address only/,
    );
  });

  it('keeps its credentials in dbPath from the first start, and its folder and files to its owner', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'emb-closed-'));
    const dbPath = path.join(parent, 'db');
    try {
      // An earlier version's open folder and files are taken back.
      fs.mkdirSync(dbPath, { mode: 0o755 });
      fs.chmodSync(dbPath, 0o755);
      fs.writeFileSync(path.join(dbPath, 'journal.bson'), '', { mode: 0o644 });

      const first = await startServerProcess(dbPath);
      const client = await MongoClient.connect(`${first.uri}shop`);
      await client.db('shop').collection('c').insertOne({ a: 1 });
      await client.close();
      const credentials = JSON.parse(fs.readFileSync(path.join(dbPath, CREDENTIALS_FILE), 'utf8'));
      expect(first.uri).toContain(`${credentials.username}:${credentials.password}@`);
      expect(mode(dbPath)).toBe('700');
      for (const file of fs.readdirSync(dbPath)) {
        expect(`${file} ${mode(path.join(dbPath, file))}`).toBe(`${file} 600`);
      }
      first.proc.kill('SIGTERM');
      await first.exited;

      const second = await startServerProcess(dbPath);
      expect(second.uri).toBe(first.uri.replace(/:\d+\/$/, second.uri.match(/:\d+\/$/)![0]));
      const again = await MongoClient.connect(`${second.uri}shop`);
      expect(await again.db('shop').collection('c').countDocuments()).toBe(1);
      await again.close();
      for (const file of fs.readdirSync(dbPath)) {
        expect(`${file} ${mode(path.join(dbPath, file))}`).toBe(`${file} 600`);
      }
      second.proc.kill('SIGTERM');
      await second.exited;
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
