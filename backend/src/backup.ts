import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appConfig } from './config/app.config';
import { writeBackup } from './backup/archive';
import { backupFileName } from './backup/backup-files';
import { ArchiveError, checkArchive } from './backup/read-archive';
import { restoreInto } from './backup/restore';
import { openSite, SiteBusyError } from './backup/site';

/**
 * `npm run backup -- [--out FILE]`: the whole site (every collection, every media file, a
 * manifest with checksums) in one archive, from the embedded database (while the API runs
 * or not) or MONGODB_URI, with disk or GridFS media.
 * `npm run restore -- FILE [--force]`: loads an archive into an empty database (or, with
 * --force, in place of what is there), all or nothing: the whole archive is checked first,
 * then loaded aside and switched in once all of it has loaded, so a restore that fails
 * leaves the site as it was, and says so.
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
  const archive = await checkArchive(file, appConfig().restoreMaxBytes).catch((error: unknown) => {
    if (!(error instanceof ArchiveError)) throw error;
    throw new Error(`Refusing ${file}: ${error.message}. Nothing was changed.`);
  });
  const site = await openSite('restore').catch((error: unknown) => {
    if (error instanceof SiteBusyError) throw new Error(`${error.message} Nothing was changed.`);
    throw new Error(
      `Could not open the site to restore ${file} into (${(error as Error).message}). Nothing was changed.`,
    );
  });
  try {
    const restored = await restoreInto(site, archive, { force });
    for (const warning of restored.warnings) console.warn(warning);
    console.log(
      `Restored ${file} (made ${archive.manifest.createdAt}) into ${site.where}: ${restored.documents} documents and ${restored.mediaFiles} media files, in ${seconds(started)}.`,
    );
  } finally {
    await site.close();
  }
}

type Command =
  { command: 'backup'; out?: string } | { command: 'restore'; file: string; force: boolean };

/** The command, its file and its flags; a UsageError for anything else. */
function commandOf(argv: string[]): Command {
  let given;
  try {
    given = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    throw new UsageError(); // an unknown flag, or --out without its file
  }
  const { positionals, values } = given;
  const [command, file, ...rest] = positionals;
  if (command === 'backup' && !file && !values.force) return { command, out: values.out };
  if (command === 'restore' && file && !rest.length && values.out === undefined) {
    return { command, file, force: values.force };
  }
  throw new UsageError();
}

async function main(argv: string[]): Promise<void> {
  const given = commandOf(argv);
  if (given.command === 'restore') return restore(given.file, given.force);
  return backup(given.out ?? path.join(appConfig().dataDir, 'backups', backupFileName(new Date())));
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
