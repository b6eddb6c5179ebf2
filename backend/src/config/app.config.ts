import { registerAs } from '@nestjs/config';
import path from 'node:path';
import { jobPeriods, validateEnv } from './env.validation';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  /** The public site's address, for absolute links in the sitemap. */
  siteUrl: string;
  /** The site's time zone (TIME_ZONE), for times written out for people. */
  timeZone: string;
  corsOrigins: string[];
  /** Express's `trust proxy`: who may tell the client's address in X-Forwarded-For. */
  trustProxy: TrustProxy;
  uploadMaxBytes: number;
  seedDemo: boolean;
  /** Days a deleted item stays in the trash. */
  trashDays: number;
  /** Daily backups kept in $DATA_DIR/backups; 0: none is made. */
  backupKeep: number;
  /** The most an archive may unpack to when it is restored. */
  restoreMaxBytes: number;
  logLevel: string;
  contentVersionPollMs: number;
  publicCacheTtlMs: number;
  /** The most the public cache's answers take together, in bytes. */
  publicCacheMaxBytes: number;
  /**
   * The secret the shells send with their reports of the versions they serve and refuse
   * (SHELL_TOKEN); unset, no report is taken.
   */
  shellToken?: string;
  media: MediaConfig;
  server: ServerLimits;
  /** Periods given for periodic jobs (JOB_<NAME>_EVERY), by NAME. */
  jobPeriods: Record<string, string>;
}

export interface MediaConfig {
  storage: 'disk' | 'gridfs';
  /** With GridFS: this instance's copies of the files it serves, and their bound. */
  cacheDir: string;
  cacheMaxBytes: number;
  /** How much of it (the image variants used most recently) is also kept in memory. */
  cacheMemoryMaxBytes: number;
  /** How long a copy is served before the storage confirms the file still exists. */
  cacheRecheckMs: number;
}

/** The HTTP server's limits, each set explicitly rather than left to Node's defaults. */
export interface ServerLimits {
  maxConnections: number;
  /** Time to receive a request's headers: a client trickling them in is cut off. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (an upload on a slow phone). */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = validateEnv(process.env);
  return {
    env: env.NODE_ENV as AppConfig['env'],
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
    timeZone: env.TIME_ZONE,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) as TrustProxy,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    seedDemo: env.SEED_DEMO,
    trashDays: env.TRASH_DAYS,
    backupKeep: env.BACKUP_KEEP,
    restoreMaxBytes: env.RESTORE_MAX_MB * 1024 * 1024,
    logLevel: env.LOG_LEVEL,
    server: {
      maxConnections: env.SERVER_MAX_CONNECTIONS,
      headersTimeoutMs: env.SERVER_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(env.SERVER_REQUEST_TIMEOUT_MS, env.SERVER_HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: env.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    },
    contentVersionPollMs: env.CONTENT_VERSION_POLL_MS,
    publicCacheTtlMs: env.PUBLIC_CACHE_TTL_MS,
    publicCacheMaxBytes: env.PUBLIC_CACHE_MAX_MB * 1024 * 1024,
    shellToken: env.SHELL_TOKEN,
    media: {
      storage: env.MEDIA_STORAGE as MediaConfig['storage'],
      cacheDir: path.resolve(env.DATA_DIR, 'media-cache'),
      cacheMaxBytes: env.MEDIA_CACHE_MAX_MB * 1024 * 1024,
      cacheMemoryMaxBytes: env.MEDIA_CACHE_MEMORY_MB * 1024 * 1024,
      cacheRecheckMs: env.MEDIA_CACHE_RECHECK_MS,
    },
    jobPeriods: jobPeriods(process.env),
  };
});

/** Where uploads are kept on disk (MEDIA_STORAGE=disk). */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
