export type { paths, components } from './generated/schema';
export * from './lib/client';
export * from './lib/idempotency';
export * from './lib/types';
export * from './lib/upload';
