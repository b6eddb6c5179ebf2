/** Writes: insert, update and delete, each a batch of statements with per-statement write errors. */
import { ErrorCodes, MongoError, toMongoError } from '../errors';
import { isOperatorUpdate } from '../update';
import { Doc, isPlainObject, optInt } from '../values';
import {
  UpdateRequest,
  arrayFiltersOf,
  checkUpdateSpec,
  insertUpserted,
  updateStored,
} from './apply-update';
import { collationOf, collectionName, optionalDocument } from './arguments';
import type { Handler } from './context';
import { prepareInsert } from './insert-document';
import { matching } from './matching';

function statements(command: Doc, field: string, commandName: string): Doc[] {
  const value = command[field];
  if (!Array.isArray(value))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      `BSON field '${commandName}.${field}' is missing but a required field`,
    );
  if (value.length > 100_000)
    throw new MongoError(
      ErrorCodes.InvalidOptions,
      `Write batch sizes must be between 1 and 100000. Got ${value.length} operations.`,
    );
  return value as Doc[];
}

/**
 * Runs each statement, collecting its error as a write error; an ordered batch
 * stops at the first one, an unordered batch carries on.
 */
function eachStatement(command: Doc, items: Doc[], run: (item: Doc, index: number) => void): Doc[] {
  const ordered = command.ordered !== false;
  const writeErrors: Doc[] = [];
  items.forEach((item, index) => {
    if (ordered && writeErrors.length) return;
    try {
      run(item, index);
    } catch (error) {
      writeErrors.push(toMongoError(error).toWriteError(index));
    }
  });
  return writeErrors;
}

function withWriteErrors(reply: Doc, writeErrors: Doc[]): Doc {
  return writeErrors.length ? { ...reply, writeErrors } : reply;
}

const insert: Handler = (command, db, context) => {
  const name = collectionName(command, 'insert');
  const documents = statements(command, 'documents', 'insert');
  const { collection } = context.engine.ensureCollection(db, name);
  let count = 0;
  const writeErrors = eachStatement(command, documents, (raw) => {
    collection.insert(prepareInsert(raw));
    count++;
  });
  return withWriteErrors({ n: count, ok: 1 }, writeErrors);
};

const update: Handler = (command, db, context) => {
  const name = collectionName(command, 'update');
  const updates = statements(command, 'updates', 'update');
  let count = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors = eachStatement(command, updates, (statement, index) => {
    const query = optionalDocument(statement.q, 'q') ?? {};
    const request: UpdateRequest = {
      query,
      update: statement.u,
      arrayFilters: arrayFiltersOf(statement.arrayFilters),
    };
    checkUpdateSpec(statement.u);
    if (statement.multi === true && isPlainObject(statement.u) && !isOperatorUpdate(statement.u)) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        'multi update is not supported for replacement-style update',
      );
    }
    const collation = collationOf(statement.collation);
    let collection = context.engine.collection(db, name);
    const targets: Doc[] = [];
    for (const document of matching(collection, query, collation)) {
      targets.push(document);
      if (statement.multi !== true) break;
    }
    if (targets.length && collection) {
      let matched = 0;
      let modified = 0;
      for (const document of targets) {
        matched++;
        if (updateStored(collection, document, request).modified) modified++;
      }
      count += matched;
      nModified += modified;
    } else if (statement.upsert === true) {
      collection = context.engine.ensureCollection(db, name).collection;
      const document = insertUpserted(collection, request);
      count += 1;
      upserted.push({ index, _id: document._id });
    }
  });
  const reply: Doc = { n: count, nModified };
  if (upserted.length) reply.upserted = upserted;
  return withWriteErrors({ ...reply, ok: 1 }, writeErrors);
};

const deleteCommand: Handler = (command, db, context) => {
  const name = collectionName(command, 'delete');
  const deletes = statements(command, 'deletes', 'delete');
  const collection = context.engine.collection(db, name);
  // Parse errors fail the whole command before anything is deleted, as in mongod.
  for (const statement of deletes) {
    const limit = optInt(statement.limit) ?? 0;
    if (limit !== 0 && limit !== 1) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `The limit field in delete objects must be 0 or 1. Got ${limit}`,
      );
    }
  }
  let count = 0;
  const writeErrors = eachStatement(command, deletes, (statement) => {
    const limit = optInt(statement.limit) ?? 0;
    const targets: Doc[] = [];
    const query = optionalDocument(statement.q, 'q') ?? {};
    for (const document of matching(collection, query, collationOf(statement.collation))) {
      targets.push(document);
      if (limit === 1) break;
    }
    for (const document of targets) collection?.remove(document);
    count += targets.length;
  });
  return withWriteErrors({ n: count, ok: 1 }, writeErrors);
};

export const writeCommands: Record<string, Handler> = {
  insert,
  update,
  delete: deleteCommand,
};
