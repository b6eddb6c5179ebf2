/** Arithmetic on BSON numbers as MongoDB does it: int, long, double and decimal keep their types. */
import { Decimal128, Double, Int32, Long } from 'bson';
import { ErrorCodes, MongoError } from './errors';
import { bsonTag, toNumber, typeName, typedNumber } from './values';

type NumKind = 0 | 1 | 2 | 3; // int < long < double < decimal

function numKind(v: unknown): NumKind {
  switch (typeName(v)) {
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

function toBigInt(v: unknown): bigint {
  if (bsonTag(v) === 'Long') return BigInt((v as Long).toString());
  if (typeof v === 'bigint') return v;
  return BigInt(Math.trunc(toNumber(v)));
}

interface Dec {
  neg: boolean;
  coef: bigint;
  exp: number;
}

function parseDecimal(s: string): Dec | number {
  const m = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return Number(s); // NaN / Infinity
  const frac = m[3] ?? '';
  return {
    neg: m[1] === '-',
    coef: BigInt((m[2] || '0') + frac),
    exp: Number(m[4] ?? 0) - frac.length,
  };
}

function toDec(v: unknown): Dec | number {
  switch (typeName(v)) {
    case 'decimal':
      return parseDecimal((v as Decimal128).toString());
    case 'long':
    case 'int': {
      const b = toBigInt(v);
      return { neg: b < 0n, coef: b < 0n ? -b : b, exp: 0 };
    }
    default: {
      const n = toNumber(v);
      if (!Number.isFinite(n)) return n;
      // mongod converts doubles to decimal with 15 significant digits.
      return parseDecimal(n.toPrecision(15));
    }
  }
}

function decToDecimal128(d: Dec | number): Decimal128 {
  if (typeof d === 'number')
    return Decimal128.fromString(Number.isNaN(d) ? 'NaN' : d > 0 ? 'Infinity' : '-Infinity');
  const str = `${d.neg && d.coef !== 0n ? '-' : ''}${d.coef}E${d.exp}`;
  return Decimal128.fromStringWithRounding(str);
}

function decOp(op: 'add' | 'mul', a: Dec | number, b: Dec | number): Dec | number {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'number' ? a : 1;
    const y = typeof b === 'number' ? b : 1;
    return op === 'add' ? x + y : x * y;
  }
  const sa = a.neg ? -a.coef : a.coef;
  const sb = b.neg ? -b.coef : b.coef;
  if (op === 'mul') {
    const c = sa * sb;
    return { neg: c < 0n, coef: c < 0n ? -c : c, exp: a.exp + b.exp };
  }
  const exp = Math.min(a.exp, b.exp);
  const c = sa * 10n ** BigInt(a.exp - exp) + sb * 10n ** BigInt(b.exp - exp);
  return { neg: c < 0n, coef: c < 0n ? -c : c, exp };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * `$inc` / `$mul` arithmetic with MongoDB's type promotion: int op int stays
 * int unless it overflows (then long), anything with a double is a double,
 * anything with a decimal is an exact decimal.
 */
export function arith(
  op: 'add' | 'mul',
  a: unknown,
  b: unknown,
): Int32 | Long | Double | Decimal128 {
  const kind = Math.max(numKind(a), numKind(b)) as NumKind;
  if (kind === 3) return decToDecimal128(decOp(op, toDec(a), toDec(b)));
  if (kind === 2) {
    const x = toNumber(a);
    const y = toNumber(b);
    return new Double(op === 'add' ? x + y : x * y);
  }
  const x = toBigInt(a);
  const y = toBigInt(b);
  const r = op === 'add' ? x + y : x * y;
  if (kind === 0 && r >= -2147483648n && r <= 2147483647n) return new Int32(Number(r));
  if (r < INT64_MIN || r > INT64_MAX) {
    throw new MongoError(
      ErrorCodes.BadValue,
      `Failed to apply $${op === 'add' ? 'inc' : 'mul'}: integer overflow`,
    );
  }
  return Long.fromBigInt(r);
}

/** Zero of the same numeric type, used by `$mul` on a missing field. */
export function zeroLike(v: unknown): Int32 | Long | Double | Decimal128 {
  switch (typeName(v)) {
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
export function normalizeNumber(v: unknown): unknown {
  return typeof v === 'number' ? typedNumber(v) : v;
}
