export { freePort } from '@vitrine/testing';
