import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Clock } from '../common/clock/clock';
import type { AppConfig } from '../config/app.config';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { DomainEventsService } from '../webhooks/domain-events.service';
import { MEDIA_STORAGE, type MediaStorage } from '../media/storage/media-storage';
import { writeBackup, type BackupReport } from './archive';
import { BACKUP_FILE, backupFileName } from './backup-files';
import type { BackupResponse } from './dto/backup.response';

/**
 * The daily backup the running API makes into $DATA_DIR/backups (the same archive as
 * `npm run backup`), keeping the newest BACKUP_KEEP, and the list an administrator
 * downloads the latest from.
 */
@Injectable()
export class BackupsService {
  private readonly logger = new Logger('Backups');

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly events: DomainEventsService,
  ) {}

  get folder(): string {
    return path.join(this.config.getOrThrow<AppConfig>('app').dataDir, 'backups');
  }

  /**
   * Once a day across every instance; a run at start catches up on a day an API that
   * restarts often would otherwise never reach the end of.
   */
  @PeriodicJob('daily-backup', { every: '1d', runAtStart: true })
  async daily(): Promise<BackupReport | null> {
    if (this.keep() === 0) return null;
    const report = await this.backUp();
    await this.prune();
    return report;
  }

  /** Writes one backup now, named after the clock's time. */
  async backUp(): Promise<BackupReport> {
    const file = path.join(this.folder, backupFileName(this.clock.now()));
    const { db } = this.connection;
    if (!db) throw new Error('The database is not connected: no backup made');
    const report = await writeBackup(db, this.storage, file);
    await this.events.emit('backup.written', {
      name: path.basename(report.file),
      bytes: report.bytes,
      documents: report.documents,
      mediaFiles: report.mediaFiles,
    });
    this.logger.log(
      `Backed up ${report.documents} documents and ${report.mediaFiles} media files to ${file}`,
    );
    return report;
  }

  /** The backups in the folder, newest first (half-written ones are not named like these). */
  async list(): Promise<BackupResponse[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const backups = await Promise.all(
      names
        .filter((name) => BACKUP_FILE.test(name))
        .map(async (name) => {
          const stat = await fsp.stat(path.join(this.folder, name));
          return { name, bytes: stat.size, createdAt: stat.mtime };
        }),
    );
    // The names hold the time, so they sort as the backups were made.
    return backups.sort((a, b) => b.name.localeCompare(a.name));
  }

  /** The newest backup, opened for reading. */
  async latest(): Promise<{ backup: BackupResponse; stream: fs.ReadStream }> {
    const [backup] = await this.list();
    if (!backup) {
      throw new NotFoundException(
        'There is no backup yet: the API makes one a day, or run npm run backup',
      );
    }
    return { backup, stream: fs.createReadStream(path.join(this.folder, backup.name)) };
  }

  /** Keeps the newest BACKUP_KEEP backups, deleting older ones. */
  private async prune(): Promise<void> {
    const old = (await this.list()).slice(this.keep());
    for (const { name } of old) await fsp.rm(path.join(this.folder, name), { force: true });
  }

  private keep(): number {
    return this.config.getOrThrow<AppConfig>('app').backupKeep;
  }
}
