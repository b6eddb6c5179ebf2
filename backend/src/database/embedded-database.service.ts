import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import type { DatabaseConfig } from '../config/database.config';

/** The database the API uses on the embedded server. */
export const EMBEDDED_DATABASE = 'vitrine';

/**
 * Decides which MongoDB the API talks to: MONGODB_URI when set, otherwise the embedded
 * wire-compatible server on a free port with its files in $DATA_DIR/db. The rest of the
 * application only ever sees a mongodb:// URI.
 */
@Injectable()
export class EmbeddedDatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private server?: EmbeddedMongo;

  constructor(private readonly config: ConfigService) {}

  /** Whether the URI `resolveUri` gave is the embedded server's, in this process. */
  get isEmbedded(): boolean {
    return this.server !== undefined;
  }

  async resolveUri(): Promise<string> {
    const { uri, embeddedDbPath } = this.config.getOrThrow<DatabaseConfig>('database');
    if (uri) {
      this.logger.log(`Using MongoDB at ${redact(uri)}`);
      return uri;
    }
    this.server = await startEmbeddedMongo({ port: 0, dbPath: embeddedDbPath });
    this.logger.log(
      `Using the embedded database on port ${this.server.port} (files in ${embeddedDbPath})`,
    );
    return this.server.uriFor(EMBEDDED_DATABASE);
  }

  async onApplicationShutdown() {
    await this.server?.stop();
    this.server = undefined;
  }
}

/** Hides the password of a connection string in logs. */
export function redact(uri: string): string {
  return uri.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
