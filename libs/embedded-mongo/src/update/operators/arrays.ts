/** Operators on array fields: $push, $addToSet, $pop, $pull, $pullAll. */
import { compareValues, docComparator, parseSort, valuesEqual } from '../../compare';
import { ErrorCodes, MongoError } from '../../errors';
import { compileFilter } from '../../query';
import {
  Doc,
  deepClone,
  formatValue,
  isNumeric,
  isPlainObject,
  toNumber,
  typeName,
} from '../../values';
import { Target, getChild, setChild } from '../paths';
import { OperatorHandler, lastField } from './handler';

function hasEach(argument: unknown): argument is Doc & { $each: unknown[] } {
  return isPlainObject(argument) && '$each' in argument;
}

function validateEach(operator: string): OperatorHandler['validateArgument'] {
  return (_path, argument) => {
    if (hasEach(argument) && !Array.isArray(argument.$each)) {
      throw new MongoError(
        ErrorCodes.BadValue,
        `The argument to $each in ${operator} must be an array but it was of type: ${typeName(argument.$each)}`,
      );
    }
  };
}

/** The array at a target, created empty when the field is missing. */
function arrayAt(target: Target, notAnArray: (found: unknown) => MongoError): unknown[] {
  let current = getChild(target.parent, target.key);
  if (current === undefined) {
    current = [];
    setChild(target.parent, target.key, current);
  }
  if (!Array.isArray(current)) throw notAnArray(current);
  return current;
}

/** $push's modifiers apply in MongoDB's order: $position, then $sort, then $slice. */
function pushInto(array: unknown[], argument: unknown): void {
  if (!hasEach(argument)) {
    array.push(deepClone(argument));
    return;
  }
  const items = argument.$each.map((value) => deepClone(value));
  const position = argument.$position === undefined ? array.length : toNumber(argument.$position);
  const at = position < 0 ? Math.max(array.length + position, 0) : Math.min(position, array.length);
  array.splice(at, 0, ...items);
  if (argument.$sort !== undefined) {
    if (isPlainObject(argument.$sort)) {
      const compare = docComparator(parseSort(argument.$sort));
      array.sort((a, b) => compare(isPlainObject(a) ? a : {}, isPlainObject(b) ? b : {}));
    } else {
      const direction = toNumber(argument.$sort) < 0 ? -1 : 1;
      array.sort((a, b) => compareValues(a, b) * direction);
    }
  }
  if (argument.$slice !== undefined) {
    const count = toNumber(argument.$slice);
    const kept = count >= 0 ? array.slice(0, count) : array.slice(count);
    array.splice(0, array.length, ...kept);
  }
}

export const handlePush: OperatorHandler = {
  validateArgument: validateEach('$push'),
  apply(path, argument, { resolver, describeId }) {
    for (const target of resolver.targets(path, true)) {
      const array = arrayAt(
        target,
        (found) =>
          new MongoError(
            ErrorCodes.BadValue,
            `The field '${lastField(path)}' must be an array but is of type ${typeName(found)} in document ${describeId()}`,
          ),
      );
      pushInto(array, argument);
    }
  },
};

export const handleAddToSet: OperatorHandler = {
  validateArgument: validateEach('$addToSet'),
  apply(path, argument, { resolver }) {
    for (const target of resolver.targets(path, true)) {
      const array = arrayAt(
        target,
        (found) =>
          new MongoError(
            ErrorCodes.BadValue,
            `Cannot apply $addToSet to non-array field. Field named '${lastField(path)}' has non-array type ${typeName(found)}`,
          ),
      );
      const values = hasEach(argument) ? argument.$each : [argument];
      for (const value of values)
        if (!array.some((element) => valuesEqual(element, value))) array.push(deepClone(value));
    }
  },
};

export const handlePop: OperatorHandler = {
  validateArgument(_path, argument) {
    const end = isNumeric(argument) ? toNumber(argument) : NaN;
    if (end !== 1 && end !== -1) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `$pop expects 1 or -1, found: ${formatValue(argument)}`,
      );
    }
  },
  apply(path, argument, { resolver }) {
    for (const { parent, key } of resolver.targets(path, false)) {
      const current = getChild(parent, key);
      if (current === undefined) continue;
      if (!Array.isArray(current)) {
        throw new MongoError(
          ErrorCodes.TypeMismatch,
          `Path '${path}' contains an element of non-array type '${typeName(current)}'`,
        );
      }
      if (toNumber(argument) === 1) current.pop();
      else current.shift();
    }
  },
};

/** $pull and $pullAll: keep the elements the argument does not remove. */
function removing(
  operator: '$pull' | '$pullAll',
  removes: (argument: unknown) => (element: unknown) => boolean,
): OperatorHandler['apply'] {
  return (path, argument, { resolver }) => {
    for (const { parent, key } of resolver.targets(path, false)) {
      const current = getChild(parent, key);
      if (current === undefined) continue;
      if (!Array.isArray(current))
        throw new MongoError(ErrorCodes.BadValue, `Cannot apply ${operator} to a non-array value`);
      const remove = removes(argument);
      setChild(
        parent,
        key,
        current.filter((element) => !remove(element)),
      );
    }
  };
}

/**
 * $pull's condition: operators only ({ $gte: 5 }) test each element itself; a
 * document of fields is a query on document elements; anything else is equality.
 */
function pullMatcher(condition: unknown): (element: unknown) => boolean {
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    if (keys.length && keys.every((key) => key.startsWith('$'))) {
      const matches = compileFilter({ v: condition });
      return (element) => matches({ v: element });
    }
    const matches = compileFilter(condition);
    return (element) => isPlainObject(element) && matches(element);
  }
  return (element) => valuesEqual(element, condition);
}

export const handlePull: OperatorHandler = {
  apply: removing('$pull', pullMatcher),
};

export const handlePullAll: OperatorHandler = {
  validateArgument(_path, argument) {
    if (!Array.isArray(argument)) {
      throw new MongoError(
        ErrorCodes.BadValue,
        `$pullAll requires an array argument but was given a ${typeName(argument)}`,
      );
    }
  },
  apply: removing(
    '$pullAll',
    (argument) => (element) => (argument as unknown[]).some((value) => valuesEqual(element, value)),
  ),
};
