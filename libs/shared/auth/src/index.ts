export * from './lib/token';
