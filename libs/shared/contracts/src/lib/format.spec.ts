import { formatPrice, plainText } from './format';

describe('formatPrice', () => {
  it('writes rupees the Indian way, without paise', () => {
    expect(formatPrice(940)).toBe('₹940');
    expect(formatPrice(1250)).toBe('₹1,250');
    expect(formatPrice(250000)).toBe('₹2,50,000');
    expect(formatPrice(12345678)).toBe('₹1,23,45,678');
    expect(formatPrice(999.6)).toBe('₹1,000');
  });

  it('accepts a numeric string and treats anything else as no price', () => {
    expect(formatPrice('1450')).toBe('₹1,450');
    expect(formatPrice(0)).toBe('₹0');
    expect(formatPrice(undefined)).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice('')).toBeNull();
    expect(formatPrice('on request')).toBeNull();
    expect(formatPrice({})).toBeNull();
    expect(formatPrice(Number.NaN)).toBeNull();
  });

  it('shows the fractions it is asked for, and none a whole price does not have', () => {
    expect(formatPrice(1450.5, 3)).toBe('₹1,450.5');
    expect(formatPrice(1450.125, 3)).toBe('₹1,450.125');
    expect(formatPrice(145000, 3)).toBe('₹1,45,000');
  });
});

describe('plainText', () => {
  it('turns a description into a short plain-text summary', () => {
    expect(plainText('<p>Woven on <strong>pit looms</strong> &amp; dyed.</p>')).toBe(
      'Woven on pit looms & dyed.',
    );
    expect(plainText('<p>' + 'a'.repeat(300) + '</p>', 20)).toHaveLength(20);
    expect(plainText('<p>' + 'a'.repeat(300) + '</p>', 20)).toMatch(/…$/);
    expect(plainText(undefined)).toBe('');
  });
});
