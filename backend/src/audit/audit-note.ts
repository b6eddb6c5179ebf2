import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code handling a write knows and the audit interceptor does not: the item's name
 * (a deleted one is gone from the answer) and which of its fields the write changed.
 */
export interface AuditNote {
  itemName?: string;
  fields: Set<string>;
}

/** Bookkeeping a write changes without anyone asking: never listed as a changed field. */
const BOOKKEEPING = new Set([
  '_id',
  'key',
  'createdAt',
  'updatedAt',
  'media',
  'order',
  'featuredOrder',
  'slugHistory',
  'userNameKey',
  'emailKey',
  'tokenVersion',
]);

const notes = new AsyncLocalStorage<AuditNote>();

/** Runs `handle` (a request's handler) with an empty note that the code under it fills in. */
export function withAuditNote<T>(note: AuditNote, handle: () => T): T {
  return notes.run(note, handle);
}

/** The name of the item the running request writes, as the audit log shows it. */
export function noteItemName(name: string): void {
  const note = notes.getStore();
  if (note && name) note.itemName = name;
}

/** Fields (top-level paths, e.g. from `differences` or `modifiedPaths()`) the write changed. */
export function noteChangedFields(paths: Iterable<string>): void {
  const note = notes.getStore();
  if (!note) return;
  for (const path of paths) {
    const field = path.split('.')[0];
    if (!BOOKKEEPING.has(field)) note.fields.add(field);
  }
}
