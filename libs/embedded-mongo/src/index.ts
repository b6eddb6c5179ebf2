export { startEmbeddedMongo } from './server';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './server';
export type { Logger } from './logger';
export { DbPathLockedError, liveLockOwner, runningServerUri } from './lock';
export type { LockOwner } from './lock';
export type { Credentials } from './auth';
export { CREDENTIALS_FILE, readCredentials } from './credentials';
