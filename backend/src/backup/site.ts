import { runningServerUri, startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import { mongo } from 'mongoose';
import { appConfig, uploadsDir } from '../config/app.config';
import { databaseConfig } from '../config/database.config';
import { EMBEDDED_DATABASE } from '../database/embedded-database.service';
import { DiskStorage } from '../media/storage/disk.storage';
import { GridFsStorage } from '../media/storage/gridfs.storage';
import type { MediaStorage } from '../media/storage/media-storage';

/** The database and the media storage the API is configured with, opened for a command. */
export interface Site {
  db: mongo.Db;
  storage: MediaStorage;
  /** Where, in words: "the embedded database in ./data/db (through the running API's server)". */
  where: string;
  close(): Promise<void>;
}

export class SiteBusyError extends Error {}

/**
 * Opens what the API would use. With MONGODB_URI, that database. With the embedded one,
 * a backup reads through the server of the API that is running on $DATA_DIR, found by its
 * lock file, and so sees exactly what the API sees without touching files it is writing;
 * with no API running, it starts the embedded server on $DATA_DIR itself (taking the lock,
 * so the API cannot start on the same files meanwhile). A restore never writes under a
 * running API: it refuses, and says so.
 */
export async function openSite(purpose: 'backup' | 'restore'): Promise<Site> {
  const { dataDir, media } = appConfig();
  const { uri, embeddedDbPath } = databaseConfig();
  let server: EmbeddedMongo | undefined;
  let address: string;
  let where: string;
  if (uri) {
    address = uri;
    where = 'the database at MONGODB_URI';
  } else {
    const running = runningServerUri(embeddedDbPath);
    if (running && purpose === 'restore') {
      throw new SiteBusyError(
        `The API is running on ${embeddedDbPath}: stop it, then restore (a restore replaces what it serves).`,
      );
    }
    if (running) {
      address = `${running}${EMBEDDED_DATABASE}`;
      where = `the embedded database in ${embeddedDbPath} (through the running API's server)`;
    } else {
      server = await startEmbeddedMongo({ port: 0, dbPath: embeddedDbPath, logger: false });
      address = server.uriFor(EMBEDDED_DATABASE);
      where = `the embedded database in ${embeddedDbPath}`;
    }
  }
  const client = new mongo.MongoClient(address, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await server?.stop();
    throw error;
  }
  const db = client.db();
  const storage =
    media.storage === 'gridfs' ? new GridFsStorage(db) : new DiskStorage(uploadsDir(dataDir));
  return {
    db,
    storage,
    where: `${where}, media ${media.storage === 'gridfs' ? 'in GridFS' : `in ${uploadsDir(dataDir)}`}`,
    close: async () => {
      await client.close();
      await server?.stop();
    },
  };
}
