import 'reflect-metadata';
import path from 'node:path';
import { appConfig } from './config/app.config';
import {
  ArchiveError,
  checkArchive,
  contentsOf,
  emptyTarget,
  loadArchive,
  writeBackup,
} from './backup/archive';
import { backupFileName } from './backup/backup-files';
import { openSite } from './backup/site';

/**
 * `npm run backup -- [--out FILE]`: the whole site (every collection, every media file, a
 * manifest with checksums) in one archive, from the embedded database (while the API runs
 * or not) or MONGODB_URI, with disk or GridFS media.
 * `npm run restore -- FILE [--force]`: loads an archive into an empty database, after
 * checking every checksum; it changes nothing when the archive or the target is not right.
 */
const USAGE = 'usage: backup [--out FILE] | restore FILE [--force]';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function backup(out: string): Promise<void> {
  const started = performance.now();
  const site = await openSite('backup');
  try {
    const report = await writeBackup(site.db, site.storage, out);
    console.log(
      `Backed up ${site.where}: ${report.documents} documents in ${report.collections} collections and ${report.mediaFiles} media files (${megabytes(report.mediaBytes)}) to ${out}, ${megabytes(report.bytes)}, in ${seconds(started)}.`,
    );
  } finally {
    await site.close();
  }
}

async function restore(file: string, force: boolean): Promise<void> {
  const started = performance.now();
  const archive = await checkArchive(file).catch((error: unknown) => {
    if (!(error instanceof ArchiveError)) throw error;
    throw new Error(`Refusing ${file}: ${error.message}. Nothing was changed.`);
  });
  try {
    const site = await openSite('restore');
    try {
      const held = await contentsOf(site.db, site.storage);
      if (held.length && !force) {
        throw new Error(
          `Refusing to restore into ${site.where}: it is not empty (${held.join(', ')}). Restore into an empty database, or add --force to replace everything in it.`,
        );
      }
      if (held.length) await emptyTarget(site.db, site.storage);
      const loaded = await loadArchive(archive, site.db, site.storage);
      console.log(
        `Restored ${file} (made ${archive.manifest.createdAt}) into ${site.where}: ${loaded.documents} documents and ${loaded.mediaFiles} media files, in ${seconds(started)}.`,
      );
    } finally {
      await site.close();
    }
  } finally {
    await archive.remove();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const option = (name: string) => {
    const index = rest.indexOf(name);
    return index === -1 ? undefined : rest[index + 1];
  };
  if (command === 'backup') {
    const out =
      option('--out') ?? path.join(appConfig().dataDir, 'backups', backupFileName(new Date()));
    return backup(out);
  }
  if (command === 'restore') {
    const file = rest.find((arg) => !arg.startsWith('--'));
    if (!file) throw new UsageError();
    return restore(file, rest.includes('--force'));
  }
  throw new UsageError();
}

class UsageError extends Error {
  constructor() {
    super(USAGE);
  }
}

main(process.argv.slice(2))
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
