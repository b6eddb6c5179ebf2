/** Unit tests for BSON ordering, index keys and typed arithmetic. */
import { Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId } from 'bson';
import { compareValues, keyString } from './compare';
import { arithmetic } from './arithmetic';
import { formatValue } from './values';

describe('compareValues', () => {
  it('orders across types like MongoDB', () => {
    const ordered = [
      new MinKey(),
      null,
      NaN,
      -1,
      new Int32(0),
      'a',
      { a: 1 },
      [1],
      new ObjectId(),
      false,
      new Date(0),
      new MaxKey(),
    ];
    for (let i = 0; i < ordered.length - 1; i++)
      expect(compareValues(ordered[i], ordered[i + 1])).toBe(-1);
  });

  it('compares numbers across representations', () => {
    expect(compareValues(new Int32(1), new Double(1))).toBe(0);
    expect(
      compareValues(Long.fromString('9007199254740993'), Long.fromString('9007199254740992')),
    ).toBe(1);
    expect(compareValues(Decimal128.fromString('1.5'), new Int32(2))).toBe(-1);
  });
});

describe('keyString', () => {
  it('collides exactly where a MongoDB index would', () => {
    expect(keyString(new Int32(1))).toBe(keyString(new Double(1)));
    expect(keyString(Long.fromNumber(1))).toBe(keyString(1));
    expect(keyString('a')).not.toBe(keyString('A'));
    expect(keyString('a', { locale: 'en', strength: 2 })).toBe(
      keyString('A', { locale: 'en', strength: 2 }),
    );
    expect(keyString('é', { locale: 'en', strength: 2 })).not.toBe(
      keyString('e', { locale: 'en', strength: 2 }),
    );
    expect(keyString('é', { locale: 'en', strength: 1 })).toBe(
      keyString('E', { locale: 'en', strength: 1 }),
    );
    expect(keyString({ a: 1, b: 2 })).not.toBe(keyString({ b: 2, a: 1 }));
    expect(keyString(null)).toBe(keyString(undefined));
  });
});

describe('arithmetic', () => {
  it('promotes like MongoDB', () => {
    expect(arithmetic('add', new Int32(1), new Int32(2))).toEqual(new Int32(3));
    expect(arithmetic('add', new Int32(2147483647), new Int32(1))).toEqual(
      Long.fromNumber(2147483648),
    );
    expect(arithmetic('mul', Long.fromNumber(3), new Int32(2))).toEqual(Long.fromNumber(6));
    expect(arithmetic('add', new Int32(1), new Double(0.5))).toEqual(new Double(1.5));
    expect(
      arithmetic('add', Decimal128.fromString('0.1'), Decimal128.fromString('0.2')).toString(),
    ).toBe('0.3');
    expect(arithmetic('add', Decimal128.fromString('1'), new Double(0.1)).toString()).toBe(
      '1.100000000000000',
    );
    expect(() => arithmetic('add', Long.MAX_VALUE, new Int32(1))).toThrow(/overflow/);
  });

  it('formats values like mongod error messages', () => {
    expect(formatValue(new Double(1))).toBe('1.0');
    expect(formatValue({ a: 'x', b: [new Int32(1)] })).toBe('{ a: "x", b: [ 1 ] }');
    expect(formatValue(new ObjectId('65f000000000000000000000'))).toBe(
      "ObjectId('65f000000000000000000000')",
    );
  });
});
