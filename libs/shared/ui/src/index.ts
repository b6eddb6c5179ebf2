export * from './lib/Button';
