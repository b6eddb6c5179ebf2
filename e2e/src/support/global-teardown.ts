import { closeServer } from './stack';

export default async function globalTeardown() {
  await Promise.all((globalThis.__VITRINE_SERVERS__ ?? []).map(closeServer));
}
