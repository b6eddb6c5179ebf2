import { currentRequest, type ContextRequest } from '../common/request-context/request-context';

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

/** Each audited write's note, by its request (see currentRequest). */
const notes = new WeakMap<ContextRequest, AuditNote>();

/** Gives an audited write's request an empty note that the code handling it fills in. */
export function startAuditNote(request: ContextRequest): AuditNote {
  const note: AuditNote = { fields: new Set() };
  notes.set(request, note);
  return note;
}

/** The note of the write whose code is running, if it is audited. */
function currentNote(): AuditNote | undefined {
  const request = currentRequest();
  return request && notes.get(request);
}

/** The name of the item the running request writes, as the audit log shows it. */
export function noteItemName(name: string): void {
  const note = currentNote();
  if (note && name) note.itemName = name;
}

/** Fields (top-level paths, e.g. from `differences` or `modifiedPaths()`) the write changed. */
export function noteChangedFields(paths: Iterable<string>): void {
  const note = currentNote();
  if (!note) return;
  for (const path of paths) {
    const field = path.split('.')[0];
    if (!BOOKKEEPING.has(field)) note.fields.add(field);
  }
}
