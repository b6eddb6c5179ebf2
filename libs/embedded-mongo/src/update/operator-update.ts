/**
 * Operator updates ({ $set: ..., $inc: ... }).
 *
 * mingo/updater is not used for these: it works on JS numbers (so `$inc` would
 * turn an Int32 into whatever JS gives back), and it silently ignores `$inc` on
 * a string or `$push` onto a non-array where MongoDB fails with
 * TypeMismatch/BadValue. Each operator's handler (operators/) applies it to the
 * typed documents itself; mingo (via query.ts) only evaluates conditions:
 * arrayFilters, `$pull` conditions and the positional `$` match.
 */
import { ErrorCodes, MongoError } from '../errors';
import { Doc, formatIdDoc, formatValue, isPlainObject, typeName } from '../values';
import { OperatorContext, OperatorHandler, UPDATE_OPERATORS } from './operators';
import { PathContext, PathResolver, findArrayFilter, noArrayFilterError } from './paths';
import { sameId } from './replacement';

export interface UpdateContext extends PathContext {
  /** True when the update builds a document for an upsert: $setOnInsert applies. */
  isInsert?: boolean;
}

interface UpdateStep {
  handler: OperatorHandler;
  path: string;
  argument: unknown;
}

function checkPath(path: string): void {
  if (path === '')
    throw new MongoError(ErrorCodes.EmptyFieldName, 'An empty update path is not valid.');
  for (const segment of path.split('.')) {
    if (segment === '') {
      throw new MongoError(
        ErrorCodes.EmptyFieldName,
        `The update path '${path}' contains an empty field name, which is not allowed.`,
      );
    }
    if (segment.startsWith('$') && segment !== '$' && !/^\$\[\w*\]$/.test(segment)) {
      throw new MongoError(
        ErrorCodes.DollarPrefixedFieldName,
        `The dollar ($) prefixed field '${segment}' in '${path}' is not valid for storage.`,
      );
    }
  }
}

/** Two operators touching the same path (or a prefix of it) is ambiguous. */
function checkConflicts(paths: string[]): void {
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i === j) continue;
      const prefix = paths[i];
      const path = paths[j];
      if (prefix === path || path.startsWith(`${prefix}.`)) {
        throw new MongoError(
          ErrorCodes.ConflictingUpdateOperators,
          `Updating the path '${path}' would create a conflict at '${prefix}'`,
        );
      }
    }
  }
}

function parseSteps(update: Doc): UpdateStep[] {
  const steps: UpdateStep[] = [];
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    const handler = UPDATE_OPERATORS.get(operator);
    if (!handler) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `Modifiers operate on fields but we found type ${typeName(fields)} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${formatValue(fields)}}`,
      );
    }
    for (const [path, argument] of Object.entries(fields)) {
      checkPath(path);
      handler.validateArgument?.(path, argument);
      steps.push({ handler, path, argument });
      paths.push(path, ...(handler.otherPaths?.(path, argument) ?? []));
    }
  }
  checkConflicts(paths);
  // MongoDB applies updates in field-name order, which also fixes the order of new fields.
  return steps.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every `$[identifier]` needs its array filter, and every array filter must be used. */
function checkArrayFilters(steps: UpdateStep[], update: Doc, filters: Doc[]): void {
  const used = new Set<string>();
  for (const { path } of steps) {
    for (const match of path.matchAll(/\$\[(\w+)\]/g)) {
      const identifier = match[1];
      used.add(identifier);
      if (!findArrayFilter(filters, identifier)) throw noArrayFilterError(identifier, path);
    }
  }
  for (const filter of filters) {
    for (const key of Object.keys(filter)) {
      const identifier = key.split('.')[0];
      if (!used.has(identifier)) {
        throw new MongoError(
          ErrorCodes.FailedToParse,
          `The array filter for identifier '${identifier}' was not used in the update ${formatValue(update)}`,
        );
      }
    }
  }
}

/**
 * Applies an operator update in place to `document` (callers pass a copy).
 * Throws MongoError with MongoDB's code and message on invalid input.
 */
export function applyOperatorUpdate(document: Doc, update: Doc, context: UpdateContext = {}): void {
  const steps = parseSteps(update);
  checkArrayFilters(steps, update, context.arrayFilters ?? []);
  const operatorContext: OperatorContext = {
    document,
    resolver: new PathResolver(document, context),
    isInsert: context.isInsert === true,
    describeId: () => formatIdDoc(document),
  };
  const originalId = document._id;

  for (const { handler, path, argument } of steps) handler.apply(path, argument, operatorContext);

  if (originalId !== undefined && (!('_id' in document) || !sameId(originalId, document._id))) {
    throw new MongoError(
      ErrorCodes.ImmutableField,
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
}
