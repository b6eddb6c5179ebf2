import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseKeep, prune, PublishError, putVersion, versionOf } from './publish';

describe('publishing a build as a version', () => {
  let work: string;
  const build = (name: string, files: Record<string, string>) => {
    const dir = path.join(work, name);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  };
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-publish-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('names a build by its content and commit: the same bytes, the same version', () => {
    const first = build('a', { 'remoteEntry.js': 'var a;', 'server/remoteEntry.js': 'x' });
    const same = build('b', { 'server/remoteEntry.js': 'x', 'remoteEntry.js': 'var a;' });
    const other = build('c', { 'remoteEntry.js': 'var b;', 'server/remoteEntry.js': 'x' });
    expect(versionOf(first, 'E98D368')).toMatch(/^[0-9a-f]{12}-e98d368$/);
    expect(versionOf(same, 'e98d368')).toBe(versionOf(first, 'e98d368'));
    expect(versionOf(other, 'e98d368')).not.toBe(versionOf(first, 'e98d368'));
  });

  it('puts a version in place once, and never writes over it', () => {
    const releases = path.join(work, 'releases');
    const from = build('a', { 'remoteEntry.js': 'var a;' });
    const version = versionOf(from, 'c1');
    expect(putVersion(from, releases, version)).toBe(true);
    expect(putVersion(from, releases, version)).toBe(false);
    expect(fs.readFileSync(path.join(releases, version, 'remoteEntry.js'), 'utf8')).toBe('var a;');

    fs.writeFileSync(path.join(releases, version, 'remoteEntry.js'), 'tampered');
    expect(() => putVersion(from, releases, version)).toThrow(PublishError);
    expect(() => putVersion(path.join(work, 'empty'), releases, 'x-c1')).toThrow(
      /holds no built remote/,
    );
    expect(fs.readdirSync(releases)).toEqual([version]);
  });

  it('keeps the newest versions and those still named, removing the rest', () => {
    const releases = path.join(work, 'releases');
    for (const [i, name] of ['v1', 'v2', 'v3', 'v4'].entries()) {
      fs.mkdirSync(path.join(releases, name), { recursive: true });
      const at = new Date(Date.now() - (10 - i) * 60_000);
      fs.utimesSync(path.join(releases, name), at, at);
    }
    expect(prune(releases, 2, new Set(['v1'])).sort()).toEqual(['v2']);
    expect(fs.readdirSync(releases).sort()).toEqual(['v1', 'v3', 'v4']);
  });

  it('keeps ten versions unless told a whole number from 1, and refuses anything else', () => {
    expect(parseKeep(undefined)).toBe(10);
    expect(parseKeep('3')).toBe(3);
    for (const bad of ['abc', '0', '-1', '2.5', '', '1e3', '10001']) {
      expect(() => parseKeep(bad)).toThrow(
        new PublishError(
          `--keep must be a whole number of versions to keep, from 1 to 1000 (not "${bad}")`,
        ),
      );
    }
  });
});
