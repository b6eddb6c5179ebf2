import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { parseArgs } from 'node:util';
import { appConfig, uploadsDir, type AppConfig } from './config/app.config';
import { databaseConfig } from './config/database.config';
import { DatabaseModule } from './database/database.module';
import { migrateMedia } from './media/migrate-media';
import { DiskStorage } from './media/storage/disk.storage';
import { GridFsStorage } from './media/storage/gridfs.storage';

/** Only what copying needs: the configuration and the database, no routes and no jobs. */
@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, load: [appConfig, databaseConfig] }),
    DatabaseModule,
  ],
})
class MediaMigrationModule {}

/**
 * `npm run media:migrate`: copies the uploads on this disk ($DATA_DIR/uploads) into the
 * database's GridFS bucket, for a move to MEDIA_STORAGE=gridfs; `-- --to disk` copies
 * them back (`--to gridfs`, the default, says the first way). Safe to run again: what is already there is skipped.
 */
async function main(toDisk: boolean) {
  const app = await NestFactory.createApplicationContext(MediaMigrationModule, {
    logger: ['error', 'warn', 'log'],
  });
  try {
    const { dataDir } = app.get(ConfigService).getOrThrow<AppConfig>('app');
    const connection = app.get<Connection>(getConnectionToken());
    if (!connection.db) throw new Error('The database is not connected');
    const disk = new DiskStorage(uploadsDir(dataDir));
    const gridfs = new GridFsStorage(connection.db);
    const [from, to] = toDisk ? [gridfs, disk] : [disk, gridfs];
    const where = toDisk ? `GridFS to ${disk.dir}` : `${disk.dir} to GridFS`;
    new Logger('Media').log(`Copying uploads from ${where}…`);
    const report = await migrateMedia(from, to);
    console.log(
      `Media copied: ${report.copied} file(s); ${report.skipped} already there. Nothing was deleted.`,
    );
  } finally {
    await app.close();
  }
}

const USAGE = 'usage: media:migrate [--to gridfs|disk]';

/** Whether the copy goes back to the disk (`--to disk`); null for anything but the usage. */
function toDiskOf(argv: string[]): boolean | null {
  try {
    const { to } = parseArgs({
      args: argv,
      options: { to: { type: 'string', default: 'gridfs' } },
      strict: true,
    }).values;
    if (to === 'disk' || to === 'gridfs') return to === 'disk';
  } catch {
    // An unknown flag, or --to without its value.
  }
  return null;
}

const toDisk = toDiskOf(process.argv.slice(2));
if (toDisk === null) {
  console.error(USAGE);
  process.exit(2);
}
main(toDisk)
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
