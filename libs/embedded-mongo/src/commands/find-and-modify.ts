/** findAndModify: one document found, then removed, updated or upserted, and returned. */
import { ErrorCodes, MongoError } from '../errors';
import { compileProjection } from '../projection';
import { sortTyped } from '../query';
import type { Doc } from '../values';
import {
  UpdateRequest,
  arrayFiltersOf,
  checkUpdateSpec,
  insertUpserted,
  updateStored,
} from './apply-update';
import { collationOf, collectionName, optionalDocument } from './arguments';
import type { Handler } from './context';
import { matching } from './matching';

function checkOptions(remove: boolean, hasUpdate: boolean, returnNew: boolean, upsert: boolean) {
  if (remove && hasUpdate)
    throw new MongoError(ErrorCodes.FailedToParse, 'Cannot specify both an update and remove=true');
  if (!remove && !hasUpdate)
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Either an update or remove=true must be specified',
    );
  if (remove && returnNew) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  }
  if (remove && upsert)
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Cannot specify both upsert=true and remove=true',
    );
}

const findAndModify: Handler = (command, db, context) => {
  const name = collectionName(
    command,
    command.findAndModify !== undefined ? 'findAndModify' : 'findandmodify',
  );
  const query = optionalDocument(command.query, 'query') ?? {};
  const remove = command.remove === true;
  const returnNew = command.new === true;
  const upsert = command.upsert === true;
  const hasUpdate = command.update !== undefined && command.update !== null;
  checkOptions(remove, hasUpdate, returnNew, upsert);
  if (hasUpdate) checkUpdateSpec(command.update);
  const collation = collationOf(command.collation);
  const project = compileProjection(optionalDocument(command.fields, 'fields'));
  const shape = (document: Doc | null): Doc | null =>
    document && project ? project(document) : document;
  let collection = context.engine.collection(db, name);
  const sort = optionalDocument(command.sort, 'sort');
  let target: Doc | undefined;
  if (sort && Object.keys(sort).length)
    target = sortTyped(Array.from(matching(collection, query, collation)), sort, collation)[0];
  else target = matching(collection, query, collation).next().value ?? undefined;

  if (remove) {
    if (target && collection) collection.remove(target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: shape(target ?? null), ok: 1 };
  }
  const request: UpdateRequest = {
    query,
    update: command.update,
    arrayFilters: arrayFiltersOf(command.arrayFilters),
  };
  if (target && collection) {
    const { document } = updateStored(collection, target, request);
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: shape(returnNew ? document : target),
      ok: 1,
    };
  }
  if (upsert) {
    collection = context.engine.ensureCollection(db, name).collection;
    const document = insertUpserted(collection, request);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: document._id },
      value: shape(returnNew ? document : null),
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

export const findAndModifyCommands: Record<string, Handler> = {
  findAndModify,
  findandmodify: findAndModify,
};
