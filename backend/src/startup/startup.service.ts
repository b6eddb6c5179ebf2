import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AuthService } from '../auth/auth.service';
import { JobsService } from '../jobs/jobs.service';
import { LeaseService } from '../jobs/lease.service';
import { EditorImagesService } from '../media/editor-images.service';
import { MediaLibraryMigration } from './media-library-migration';
import { SeedService } from '../seed/seed.service';
import { DefaultLanguageService } from '../settings/default-language.service';

const LEASE = 'startup';
/** The lease is renewed while start-up runs; an instance that dies lets go within this. */
const LEASE_MS = 30_000;
const WAIT_MS = 250;

/** Tasks done once for the database, whichever instance did them. */
type Once = 'media-references' | 'media-library' | 'demo-content';
type OnceState = 'started' | 'done';

/**
 * What an instance does before it serves: indexes, the first administrator, the media
 * references of older content, its images in the media library, a change of the default
 * language cut off, the demo content. Instances started together take turns
 * with a lease in MongoDB, and each task is a no-op once done, so they happen once, never
 * twice and never half by each. If the instance doing them dies, the lease runs out and
 * the next one finishes the work. Periodic jobs start only after, on every instance.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly leases: LeaseService,
    private readonly jobs: JobsService,
    private readonly auth: AuthService,
    private readonly seed: SeedService,
    private readonly editorImages: EditorImagesService,
    private readonly mediaLibrary: MediaLibraryMigration,
    private readonly defaultLanguage: DefaultLanguageService,
  ) {}

  async onApplicationBootstrap() {
    let waited = false;
    for (;;) {
      const turn = await this.leases.whileHolding(LEASE, LEASE_MS, async () => {
        try {
          await this.run();
        } finally {
          await this.leases.release(LEASE);
        }
      });
      if (turn.ran) break;
      if (!waited) this.logger.log('Another instance is starting up on this database; waiting');
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
    this.jobs.start();
  }

  private async run(): Promise<void> {
    // Unique indexes first, so that no write below can slip past one.
    await Promise.all(Object.values(this.connection.models).map((model) => model.init()));
    await this.editorImages.ensureIndexes();
    await this.auth.ensureAdministrator();
    await this.once('media-references', async (resume) => {
      const recorded = await this.editorImages.recordAllReferences();
      if (resume || recorded) this.logger.log(`Recorded the media of ${recorded} document(s)`);
    });
    await this.once('media-library', () => this.mediaLibrary.migrate());
    // A change of the default language that an instance's end cut off half-way.
    await this.defaultLanguage.resume();
    await this.once('demo-content', (resume) => this.seed.seedNewDatabase(resume));
  }

  /** Runs `task` unless some start-up finished it; tells it whether one began it before. */
  private async once(name: Once, task: (resume: boolean) => Promise<unknown>): Promise<void> {
    const lease = await this.leases.read(LEASE);
    const state = (lease?.tasks as Record<Once, OnceState> | undefined)?.[name];
    if (state === 'done') return;
    await this.mark(name, 'started');
    await task(state === 'started');
    await this.mark(name, 'done');
  }

  private async mark(name: Once, state: OnceState): Promise<void> {
    if (!(await this.leases.update(LEASE, { [`tasks.${name}`]: state }))) {
      throw new Error('Start-up lost its lease to another instance');
    }
  }
}
