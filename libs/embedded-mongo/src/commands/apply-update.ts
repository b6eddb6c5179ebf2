/** One update applied to stored documents, shared by the update and findAndModify commands. */
import { ObjectId, serialize } from 'bson';
import { ErrorCodes, MongoError } from '../errors';
import type { Collection } from '../collection';
import {
  applyOperatorUpdate,
  applyPipelineUpdate,
  applyReplacement,
  checkReplacement,
  isOperatorUpdate,
  isPipelineUpdate,
  seedFromQuery,
} from '../update';
import { Doc, deepClone, isPlainObject } from '../values';
import { prepareInsert } from './insert-document';

export interface UpdateRequest {
  query: Doc;
  update: unknown;
  arrayFilters?: Doc[];
}

/** Refuses an update that is neither operators, a pipeline nor a valid replacement. */
export function checkUpdateSpec(update: unknown): void {
  if (isPipelineUpdate(update)) return;
  if (!isPlainObject(update))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Update argument must be either an object or an array',
    );
  if (!isOperatorUpdate(update)) checkReplacement(update);
}

export function arrayFiltersOf(value: unknown): Doc[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every(isPlainObject))
    throw new MongoError(ErrorCodes.TypeMismatch, 'arrayFilters must be an array of objects');
  return value as Doc[];
}

function computeUpdate(old: Doc, request: UpdateRequest): Doc {
  const { update } = request;
  if (isPipelineUpdate(update)) return applyPipelineUpdate(old, update);
  if (isOperatorUpdate(update)) {
    const copy = deepClone(old);
    applyOperatorUpdate(copy, update, {
      query: request.query,
      arrayFilters: request.arrayFilters,
    });
    return copy;
  }
  return applyReplacement(old, update as Doc);
}

function bsonEqual(a: Doc, b: Doc): boolean {
  return Buffer.compare(serialize(a), serialize(b)) === 0;
}

/** Applies an update to one stored document; returns the new version (or the old one when nothing changed). */
export function updateStored(
  collection: Collection,
  old: Doc,
  request: UpdateRequest,
): { document: Doc; modified: boolean } {
  const next = computeUpdate(old, request);
  if (bsonEqual(old, next)) return { document: old, modified: false };
  collection.replace(old, next);
  return { document: next, modified: true };
}

/** Inserts the document an upsert builds when nothing matched, and returns it. */
export function insertUpserted(collection: Collection, request: UpdateRequest): Doc {
  const { query, update } = request;
  let document: Doc;
  if (isPipelineUpdate(update)) {
    const seed = seedFromQuery(query);
    if (!('_id' in seed)) seed._id = new ObjectId();
    document = applyPipelineUpdate(seed, update);
  } else if (isOperatorUpdate(update)) {
    document = seedFromQuery(query);
    applyOperatorUpdate(document, update, {
      query,
      arrayFilters: request.arrayFilters,
      isInsert: true,
    });
  } else {
    checkReplacement(update as Doc);
    const seedId = seedFromQuery(query)._id;
    document = deepClone(update as Doc);
    if (!('_id' in document) && seedId !== undefined) document = { _id: seedId, ...document };
  }
  const prepared = prepareInsert(document);
  collection.insert(prepared);
  return prepared;
}
