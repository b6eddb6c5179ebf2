export * from './lib/categories';
export * from './lib/enquiries';
export * from './lib/errors';
export * from './lib/auth';
export * from './lib/lists';
export * from './lib/validation';
export * from './lib/routing';
export * from './lib/trash';
