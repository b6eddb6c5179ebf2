import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { noisyPng } from './support/images';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

jest.setTimeout(180_000);

function canMountTmpfs(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMountTmpfs();
if (!mountable) {
  console.warn(
    'resilience-uploads.spec: SKIPPING the disk-full test: this machine does not let us mount a small tmpfs (needs root).',
  );
}

describe('uploads when storage fails', () => {
  let t: TestApp;
  const uploads = () => path.join(t.dataDir, 'uploads');

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    try {
      execFileSync('umount', [uploads()], { stdio: 'ignore' });
    } catch {
      // not mounted
    }
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  (mountable ? it : it.skip)(
    'answers 507 when the disk is full, keeping no part of the image or the record',
    async () => {
      fs.mkdirSync(uploads(), { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', uploads()]);
      const response = await t.api
        .post('/api/product/')
        .set(bearer(t.adminToken))
        .field('ProductName', 'Too big for the disk')
        .field('ProductCategory', 'Linen')
        .attach('Userimg', await noisyPng(1600, 1200), 'big.png')
        .expect(507);
      expect(response.body).toEqual({
        statusCode: 507,
        error: 'Insufficient Storage',
        message: 'The server has no room to store this upload',
      });
      expect(fs.readdirSync(uploads())).toEqual([]);
      const list = await t.api.get('/api/product').set(bearer(t.adminToken));
      expect(list.headers['x-total-count']).toBe('0');
    },
  );

  it('answers 500 with a clear message when the upload folder cannot be written', async () => {
    fs.writeFileSync(uploads(), 'not a folder'); // mkdir and writes below it fail
    const response = await t.api
      .post('/api/product/')
      .set(bearer(t.adminToken))
      .field('ProductName', 'Nowhere to go')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await noisyPng(400, 300), 'small.png')
      .expect(500);
    expect(response.body.message).toBe('The upload could not be stored; please try again later');
    const list = await t.api.get('/api/product').set(bearer(t.adminToken));
    expect(list.headers['x-total-count']).toBe('0');
  });
});
