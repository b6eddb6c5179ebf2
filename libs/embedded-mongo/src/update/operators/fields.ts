/** Operators that set, remove or move a field: $set, $setOnInsert, $unset, $currentDate, $rename. */
import { Timestamp } from 'bson';
import { ErrorCodes, MongoError } from '../../errors';
import { deepClone, formatValue, getPath, isPlainObject } from '../../values';
import { setChild } from '../paths';
import { OperatorContext, OperatorHandler, showArgument } from './handler';

function setEverywhere(path: string, value: unknown, { resolver }: OperatorContext): void {
  for (const target of resolver.targets(path, true))
    setChild(target.parent, target.key, deepClone(value));
}

export const handleSet: OperatorHandler = {
  apply: setEverywhere,
};

export const handleSetOnInsert: OperatorHandler = {
  apply(path, argument, context) {
    if (context.isInsert) setEverywhere(path, argument, context);
  },
};

export const handleUnset: OperatorHandler = {
  apply(path, _argument, { resolver }) {
    for (const { parent, key } of resolver.targets(path, false)) {
      // An array keeps its length: the element becomes null.
      if (Array.isArray(parent)) {
        if (Number(key) < parent.length) parent[Number(key)] = null;
      } else delete parent[key];
    }
  },
};

function nowTimestamp(): Timestamp {
  return new Timestamp({ t: Math.floor(Date.now() / 1000), i: 1 });
}

export const handleCurrentDate: OperatorHandler = {
  apply(path, argument, { resolver }) {
    const wantsTimestamp = isPlainObject(argument) && argument.$type === 'timestamp';
    const valid =
      argument === true ||
      (isPlainObject(argument) && (argument.$type === 'date' || argument.$type === 'timestamp'));
    if (!valid) {
      throw new MongoError(
        ErrorCodes.BadValue,
        `${formatValue(argument)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
      );
    }
    for (const target of resolver.targets(path, true))
      setChild(target.parent, target.key, wantsTimestamp ? nowTimestamp() : new Date());
  },
};

export const handleRename: OperatorHandler = {
  validateArgument(path, argument) {
    const shown = showArgument(path, argument);
    if (typeof argument !== 'string') {
      throw new MongoError(
        ErrorCodes.BadValue,
        `The 'to' field for $rename must be a string: ${shown}`,
      );
    }
    if (argument === path) {
      throw new MongoError(
        ErrorCodes.BadValue,
        `The source and target field for $rename must differ: ${shown}`,
      );
    }
  },
  otherPaths: (_path, argument) => [String(argument)],
  apply(path, argument, { document, resolver, describeId }) {
    const value = getPath(document, path);
    if (value === undefined) return;
    for (const { parent, key } of resolver.targets(path, false)) {
      if (Array.isArray(parent)) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `The source field cannot be an array element, '${path}' in doc with ${describeId()} has an array field called '${path.split('.')[0]}'`,
        );
      }
      delete parent[key];
    }
    for (const target of resolver.targets(String(argument), true))
      setChild(target.parent, target.key, value);
  },
};
