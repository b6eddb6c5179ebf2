import { ObjectId } from 'bson';
import { ErrorCodes, MongoError } from '../errors';
import { Doc, isPlainObject, typeName } from '../values';

/** New ObjectId when _id is missing; _id always becomes the first field. */
export function prepareInsert(document: unknown): Doc {
  if (!isPlainObject(document))
    throw new MongoError(ErrorCodes.TypeMismatch, 'document to insert must be an object');
  if (!('_id' in document)) return { _id: new ObjectId(), ...document };
  const id = document._id;
  if (Array.isArray(id) || id instanceof RegExp || id === undefined) {
    throw new MongoError(
      ErrorCodes.InvalidIdField,
      `The '_id' value cannot be of type ${typeName(id)}`,
    );
  }
  const { _id, ...rest } = document;
  return { _id, ...rest };
}
