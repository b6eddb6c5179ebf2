import fs from 'node:fs';
import path from 'node:path';
import { checkArchive } from '../src/backup/read-archive';
import { BackupsService } from '../src/backup/backups.service';
import { Clock } from '../src/common/clock/clock';
import { JobsService } from '../src/jobs/jobs.service';
import { waitUntil } from './support/api-process';
import { bearer, useTestApp } from './support/test-app';

interface Backup {
  name: string;
  bytes: number;
  createdAt: string;
}

describe('daily backup', () => {
  let auth: Record<string, string>;
  const backups = async (): Promise<Backup[]> =>
    (await t.api.get('/api/backups').set(auth).expect(200)).body;

  const t = useTestApp({ BACKUP_KEEP: '2' });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('backs the site up into DATA_DIR/backups when the API starts, and keeps BACKUP_KEEP of them', async () => {
    expect(t.app.get(JobsService).names).toContain('daily-backup');
    // The day's backup is made at start when no instance has made it yet.
    await waitUntil(async () => (await backups()).length === 1);
    const [first] = await backups();
    expect(first.name).toMatch(/^vitrine-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const folder = path.join(t.dataDir, 'backups');
    expect(fs.statSync(path.join(folder, first.name)).size).toBe(first.bytes);

    const clock = t.app.get(Clock);
    const start = clock.now().getTime();
    const day = 24 * 3600 * 1000;
    try {
      for (const days of [1, 2, 3]) {
        jest.spyOn(clock, 'now').mockReturnValue(new Date(start + days * day));
        await t.app.get(BackupsService).daily();
      }
    } finally {
      jest.restoreAllMocks();
    }
    const kept = await backups();
    expect(kept.map((backup) => backup.name)).toEqual(
      [3, 2].map(
        (days) =>
          `vitrine-${new Date(start + days * day)
            .toISOString()
            .replace(/\.\d+Z$/, 'Z')
            .replace(/:/g, '-')}.tar.gz`,
      ),
    );
    expect(fs.readdirSync(folder).sort()).toEqual(kept.map((backup) => backup.name).sort());
  });

  it('lets an administrator download the latest backup, whole, and records it', async () => {
    const [latest] = await backups();
    const download = await t.api
      .get('/api/backups/latest')
      .set(auth)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${latest.name}"`);
    const file = path.join(t.dataDir, 'backups', latest.name);
    expect((download.body as Buffer).equals(fs.readFileSync(file))).toBe(true);
    // What is downloaded is an archive `npm run restore` accepts: every checksum matches.
    const saved = path.join(t.dataDir, 'downloaded.tar.gz');
    fs.writeFileSync(saved, download.body as Buffer);
    const archive = await checkArchive(saved, 1024 * 1024 * 1024);
    expect(archive.manifest.collections.map((entry) => entry.name)).toContain('users');

    const audit = await t.api.get('/api/audit?category=backups').set(auth).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'download',
      actorName: 'admin',
      path: '/api/backups/latest',
    });
  });

  it('answers 404 with a reason when no backup has been made', async () => {
    fs.rmSync(path.join(t.dataDir, 'backups'), { recursive: true, force: true });
    expect(await backups()).toEqual([]);
    const missing = await t.api.get('/api/backups/latest').set(auth).expect(404);
    expect(missing.body.message).toMatch(/no backup yet/);
  });
});
