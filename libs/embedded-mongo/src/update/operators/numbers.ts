/** Operators that compute from a field's number or compare with its value: $inc, $mul, $min, $max, $bit. */
import { Int32, Long } from 'bson';
import { compareValues } from '../../compare';
import { ErrorCodes, MongoError } from '../../errors';
import { arithmetic, zeroLike } from '../../arithmetic';
import { deepClone, isNumeric, isPlainObject, toNumber, typeName } from '../../values';
import { getChild, setChild } from '../paths';
import { OperatorHandler, lastField, showArgument } from './handler';

/** $inc and $mul: a missing field becomes the argument ($inc) or a zero of its type ($mul). */
function arithmeticOperator(
  operator: '$inc' | '$mul',
  verb: string,
  operation: 'add' | 'mul',
): OperatorHandler {
  return {
    validateArgument(path, argument) {
      if (!isNumeric(argument)) {
        throw new MongoError(
          ErrorCodes.TypeMismatch,
          `Cannot ${verb} with non-numeric argument: ${showArgument(path, argument)}`,
        );
      }
    },
    apply(path, argument, { resolver, describeId }) {
      for (const { parent, key } of resolver.targets(path, true)) {
        const current = getChild(parent, key);
        if (current === undefined) {
          setChild(parent, key, operator === '$inc' ? argument : zeroLike(argument));
        } else if (!isNumeric(current)) {
          throw new MongoError(
            ErrorCodes.TypeMismatch,
            `Cannot apply ${operator} to a value of non-numeric type. ${describeId()} has the field '${lastField(path)}' of non-numeric type ${typeName(current)}`,
          );
        } else {
          setChild(parent, key, arithmetic(operation, current, argument));
        }
      }
    },
  };
}

export const handleInc = arithmeticOperator('$inc', 'increment', 'add');
export const handleMul = arithmeticOperator('$mul', 'multiply', 'mul');

/** $min and $max: the argument replaces the value when it compares lower (or higher). */
function comparing(replaces: (comparison: number) => boolean): OperatorHandler {
  return {
    apply(path, argument, { resolver }) {
      for (const { parent, key } of resolver.targets(path, true)) {
        const current = getChild(parent, key);
        if (current === undefined || replaces(compareValues(argument, current)))
          setChild(parent, key, deepClone(argument));
      }
    },
  };
}

export const handleMin = comparing((comparison) => comparison < 0);
export const handleMax = comparing((comparison) => comparison > 0);

function applyBit(
  current: unknown,
  argument: unknown,
  path: string,
  describeId: () => string,
): unknown {
  const type = typeName(current);
  if (type !== 'int' && type !== 'long') {
    throw new MongoError(
      ErrorCodes.BadValue,
      `Cannot apply $bit to a value of non-integral type.${describeId()} has the field ${path} of non-integer type ${type}`,
    );
  }
  if (!isPlainObject(argument)) {
    throw new MongoError(
      ErrorCodes.BadValue,
      'The $bit modifier is not compatible with a non-object argument',
    );
  }
  let result = current;
  for (const [operation, operand] of Object.entries(argument)) {
    if (operation !== 'and' && operation !== 'or' && operation !== 'xor') {
      throw new MongoError(
        ErrorCodes.BadValue,
        `The $bit modifier only supports 'and', 'or', and 'xor', not '${operation}' which is an unknown operator`,
      );
    }
    const left = BigInt(toNumber(result));
    const right = BigInt(toNumber(operand));
    const bits =
      operation === 'and' ? left & right : operation === 'or' ? left | right : left ^ right;
    // The result is a long when either side is; otherwise it wraps to 32 bits like an int.
    result =
      typeName(result) === 'long' || typeName(operand) === 'long'
        ? Long.fromBigInt(BigInt.asIntN(64, bits))
        : new Int32(Number(BigInt.asIntN(32, bits)));
  }
  return result;
}

export const handleBit: OperatorHandler = {
  apply(path, argument, { resolver, describeId }) {
    for (const { parent, key } of resolver.targets(path, true)) {
      const current = getChild(parent, key);
      setChild(
        parent,
        key,
        applyBit(current === undefined ? zeroLike(0) : current, argument, path, describeId),
      );
    }
  },
};
