/** Arithmetic on BSON numbers as MongoDB does it: int, long, double and decimal keep their types. */
import { Decimal128, Double, Int32, Long } from 'bson';
import { ErrorCodes, MongoError } from './errors';
import { bsonTag, toNumber, typeName, typedNumber } from './values';

type NumericKind = 0 | 1 | 2 | 3; // int < long < double < decimal

function numericKind(value: unknown): NumericKind {
  switch (typeName(value)) {
    case 'int':
      return 0;
    case 'long':
      return 1;
    case 'double':
      return 2;
    default:
      return 3;
  }
}

function toBigInt(value: unknown): bigint {
  if (bsonTag(value) === 'Long') return BigInt((value as Long).toString());
  if (typeof value === 'bigint') return value;
  return BigInt(Math.trunc(toNumber(value)));
}

/** An exact decimal: (-1)^negative × coefficient × 10^exponent. */
interface ExactDecimal {
  negative: boolean;
  coefficient: bigint;
  exponent: number;
}

function parseDecimal(text: string): ExactDecimal | number {
  const parts = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!parts) return Number(text); // NaN / Infinity
  const fraction = parts[3] ?? '';
  return {
    negative: parts[1] === '-',
    coefficient: BigInt((parts[2] || '0') + fraction),
    exponent: Number(parts[4] ?? 0) - fraction.length,
  };
}

function fromSigned(coefficient: bigint, exponent: number): ExactDecimal {
  return {
    negative: coefficient < 0n,
    coefficient: coefficient < 0n ? -coefficient : coefficient,
    exponent,
  };
}

function toExactDecimal(value: unknown): ExactDecimal | number {
  switch (typeName(value)) {
    case 'decimal':
      return parseDecimal((value as Decimal128).toString());
    case 'long':
    case 'int':
      return fromSigned(toBigInt(value), 0);
    default: {
      const number = toNumber(value);
      if (!Number.isFinite(number)) return number;
      // mongod converts doubles to decimal with 15 significant digits.
      return parseDecimal(number.toPrecision(15));
    }
  }
}

function toDecimal128(decimal: ExactDecimal | number): Decimal128 {
  if (typeof decimal === 'number')
    return Decimal128.fromString(
      Number.isNaN(decimal) ? 'NaN' : decimal > 0 ? 'Infinity' : '-Infinity',
    );
  const sign = decimal.negative && decimal.coefficient !== 0n ? '-' : '';
  return Decimal128.fromStringWithRounding(`${sign}${decimal.coefficient}E${decimal.exponent}`);
}

function decimalOperation(
  operation: 'add' | 'mul',
  left: ExactDecimal | number,
  right: ExactDecimal | number,
): ExactDecimal | number {
  if (typeof left === 'number' || typeof right === 'number') {
    const leftNumber = typeof left === 'number' ? left : 1;
    const rightNumber = typeof right === 'number' ? right : 1;
    return operation === 'add' ? leftNumber + rightNumber : leftNumber * rightNumber;
  }
  const leftSigned = left.negative ? -left.coefficient : left.coefficient;
  const rightSigned = right.negative ? -right.coefficient : right.coefficient;
  if (operation === 'mul')
    return fromSigned(leftSigned * rightSigned, left.exponent + right.exponent);
  const exponent = Math.min(left.exponent, right.exponent);
  return fromSigned(
    leftSigned * 10n ** BigInt(left.exponent - exponent) +
      rightSigned * 10n ** BigInt(right.exponent - exponent),
    exponent,
  );
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * `$inc` / `$mul` arithmetic with MongoDB's type promotion: int op int stays
 * int unless it overflows (then long), anything with a double is a double,
 * anything with a decimal is an exact decimal.
 */
export function arithmetic(
  operation: 'add' | 'mul',
  left: unknown,
  right: unknown,
): Int32 | Long | Double | Decimal128 {
  const kind = Math.max(numericKind(left), numericKind(right)) as NumericKind;
  if (kind === 3)
    return toDecimal128(decimalOperation(operation, toExactDecimal(left), toExactDecimal(right)));
  if (kind === 2) {
    const leftNumber = toNumber(left);
    const rightNumber = toNumber(right);
    return new Double(operation === 'add' ? leftNumber + rightNumber : leftNumber * rightNumber);
  }
  const leftInteger = toBigInt(left);
  const rightInteger = toBigInt(right);
  const result = operation === 'add' ? leftInteger + rightInteger : leftInteger * rightInteger;
  if (kind === 0 && result >= -2147483648n && result <= 2147483647n)
    return new Int32(Number(result));
  if (result < INT64_MIN || result > INT64_MAX) {
    throw new MongoError(
      ErrorCodes.BadValue,
      `Failed to apply $${operation === 'add' ? 'inc' : 'mul'}: integer overflow`,
    );
  }
  return Long.fromBigInt(result);
}

/** Zero of the same numeric type, used by `$mul` on a missing field. */
export function zeroLike(value: unknown): Int32 | Long | Double | Decimal128 {
  switch (typeName(value)) {
    case 'long':
      return Long.fromInt(0);
    case 'double':
      return new Double(0);
    case 'decimal':
      return Decimal128.fromString('0');
    default:
      return new Int32(0);
  }
}

/** Re-wraps a number arriving as a JS primitive so stored docs only hold typed wrappers. */
export function normalizeNumber(value: unknown): unknown {
  return typeof value === 'number' ? typedNumber(value) : value;
}
