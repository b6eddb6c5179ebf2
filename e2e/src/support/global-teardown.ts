import { stopApi } from './api';
import { closeServer } from './stack';

export default async function globalTeardown() {
  await Promise.all((globalThis.__VITRINE_SERVERS__ ?? []).map(closeServer));
  if (globalThis.__VITRINE_API__) await stopApi(globalThis.__VITRINE_API__);
  await globalThis.__VITRINE_BROWSER__?.close();
}
