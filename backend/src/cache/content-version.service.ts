import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, mongo } from 'mongoose';
import type { AppConfig } from '../config/app.config';
import {
  asVersion,
  bumpContentVersion,
  CONTENT_CHANGED,
  readContentVersion,
  versions,
  type VersionDocument,
} from './content-version';

/**
 * This instance's view of the content version: learnt at once from writes made here, from
 * a change stream where the server offers one (a replica set: within milliseconds of a
 * write elsewhere), and from a poll every `contentVersionPollMs` in any case (the embedded
 * server and standalone MongoDB have no change streams; a stream can also break).
 * Listeners (the public cache) hear of every change.
 */
@Injectable()
export class ContentVersionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ContentVersion');
  private version = '';
  private readonly listeners = new Set<(version: string) => void>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private lastPollError?: string;
  private stream?: mongo.ChangeStream<VersionDocument>;
  private readonly onLocalChange = (version: string | undefined) => this.observe(version);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: ConfigService,
  ) {}

  /** The version as this instance last knew it. */
  get current(): string {
    return this.version;
  }

  /** The version as the database holds it now; the last known one while it is away. */
  async latest(): Promise<string> {
    try {
      this.observe(await readContentVersion(this.connection));
    } catch {
      // No write can change content while the database is away: what we knew still holds.
    }
    return this.version;
  }

  /** For changes no model write shows (a publication date passing): moves the version on. */
  bump(): Promise<string> {
    return bumpContentVersion(this.connection);
  }

  /** Calls `listener` with each new version; gives the function that stops it. */
  onChange(listener: (version: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onApplicationBootstrap() {
    this.connection.on(CONTENT_CHANGED, this.onLocalChange);
    this.observe(await readContentVersion(this.connection));
    this.watch();
    this.schedule();
  }

  onModuleDestroy() {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.stream?.close().catch(() => undefined);
    this.connection.off(CONTENT_CHANGED, this.onLocalChange);
  }

  /** `undefined`: a write here whose version could not be stored; drop what we keep anyway. */
  private observe(version: string | undefined) {
    if (version === this.version) return;
    if (version !== undefined) this.version = version;
    for (const listener of this.listeners) listener(this.version);
  }

  /** Follows the version document's changes, if the server can tell them. */
  private watch() {
    try {
      const stream = versions(this.connection).watch<VersionDocument>(
        [{ $match: { 'documentKey._id': 'public' } }],
        { fullDocument: 'updateLookup' },
      );
      stream.on('change', (change) => {
        if ('fullDocument' in change && change.fullDocument) {
          this.observe(asVersion(change.fullDocument));
        }
      });
      // No change streams here (not a replica set), or the stream broke: the poll goes on.
      stream.on('error', () => {
        if (this.stream === stream) this.stream = undefined;
        void stream.close().catch(() => undefined);
      });
      this.stream = stream;
    } catch {
      this.stream = undefined;
    }
  }

  /** One poll at a time: the next is scheduled when the last has finished. */
  private schedule() {
    if (this.stopped) return;
    const { contentVersionPollMs } = this.config.getOrThrow<AppConfig>('app');
    this.timer = setTimeout(() => {
      readContentVersion(this.connection)
        .then((version) => {
          this.lastPollError = undefined;
          this.observe(version);
        })
        .catch((error: unknown) => {
          const text = error instanceof Error ? error.message : String(error);
          if (text !== this.lastPollError) {
            this.logger.warn(`Checking the content version failed: ${text}`);
          }
          this.lastPollError = text;
        })
        .finally(() => this.schedule());
    }, contentVersionPollMs);
    this.timer.unref();
  }
}
