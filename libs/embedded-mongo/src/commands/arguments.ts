/** Reading a command's fields: the collection name, optional documents, collation, batch size. */
import type { CollationSpec } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { Doc, isPlainObject, optInt, typeName } from '../values';

export function collectionName(command: Doc, field: string): string {
  const value = command[field];
  if (typeof value !== 'string') {
    throw new MongoError(
      ErrorCodes.InvalidNamespace,
      `collection name has invalid type ${typeName(value)}`,
    );
  }
  return value;
}

/** A field that must be a document when present (null counts as absent). */
export function optionalDocument(value: unknown, field: string): Doc | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeName(value)}', expected type 'object'`,
    );
  }
  return value;
}

export function collationOf(value: unknown): CollationSpec | undefined {
  return isPlainObject(value) && typeof value.locale === 'string'
    ? (value as unknown as CollationSpec)
    : undefined;
}

/** `cursor.batchSize` (aggregate) or `batchSize` (find). */
export function batchSizeOf(command: Doc): number | undefined {
  const cursor = command.cursor;
  if (isPlainObject(cursor)) return optInt(cursor.batchSize);
  return optInt(command.batchSize);
}
