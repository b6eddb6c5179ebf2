/** Replacement-style updates: the new document takes the old one's place, keeping its _id. */
import { valuesEqual } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { Doc, deepClone, formatValue, typeName } from '../values';

/** Same _id: same BSON type as well as equal (1 and 1.0 differ here). */
export function sameId(a: unknown, b: unknown): boolean {
  return typeName(a) === typeName(b) && valuesEqual(a, b);
}

export function idAlteredError(id: unknown): MongoError {
  return new MongoError(
    ErrorCodes.ImmutableField,
    `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(id)}`,
  );
}

/** Validates the shape of a replacement document (no operators allowed). */
export function checkReplacement(replacement: Doc): void {
  for (const key of Object.keys(replacement)) {
    if (key.startsWith('$')) {
      throw new MongoError(
        ErrorCodes.DollarPrefixedFieldName,
        `The dollar ($) prefixed field '${key}' in '${key}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
    }
  }
}

/** The replacement keeps the original _id (first), and may not change it. */
export function applyReplacement(old: Doc, replacement: Doc): Doc {
  checkReplacement(replacement);
  if ('_id' in replacement && !sameId(old._id, replacement._id))
    throw idAlteredError(replacement._id);
  const result: Doc = { _id: old._id };
  for (const [key, value] of Object.entries(replacement))
    if (key !== '_id') result[key] = deepClone(value);
  return result;
}
