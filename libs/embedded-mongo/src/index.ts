export { startEmbeddedMongo } from './server';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './server';
export type { Logger } from './logger';
export { DbPathLockedError } from './journal';
