import {
  formatNumber,
  formatPrice,
  groupDigits,
  groupDigitsInHtml,
  plainText,
  sentenceText,
} from './format';

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

describe('formatNumber', () => {
  it('groups digits the Indian way, as prices are', () => {
    expect(formatNumber(150)).toBe('150');
    expect(formatNumber(30000)).toBe('30,000');
    expect(formatNumber(145000)).toBe('1,45,000');
  });
});

describe('groupDigits', () => {
  it('groups the amounts in a sentence and in a figure', () => {
    expect(groupDigits('our fabrics now reach 30000 retailers in 150 cities')).toBe(
      'our fabrics now reach 30,000 retailers in 150 cities',
    );
    expect(groupDigits('1000+')).toBe('1,000+');
    expect(groupDigits('30000')).toBe('30,000');
  });

  it('leaves years, phone numbers, decimals, dates and grouped amounts as written', () => {
    expect(groupDigits('Incorporated in 2002')).toBe('Incorporated in 2002');
    expect(groupDigits('Call +91 141 400 2002 or 9876543210')).toBe(
      'Call +91 141 400 2002 or 9876543210',
    );
    expect(groupDigits('2.5000 m, 12-10-2024, ₹1450, 1,450 and 0141')).toBe(
      '2.5000 m, 12-10-2024, ₹1450, 1,450 and 0141',
    );
    expect(groupDigits('GSTIN 08ABCDE1234F1Z5')).toBe('GSTIN 08ABCDE1234F1Z5');
  });

  it('groups the text of HTML, never its tags, attributes or character references', () => {
    expect(groupDigitsInHtml('<p data-n="12000">Covers 24000 sq ft &#8377; <b>1500</b></p>')).toBe(
      '<p data-n="12000">Covers 24,000 sq ft &#8377; <b>1,500</b></p>',
    );
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

describe('sentenceText', () => {
  it('joins list items and paragraphs into sentences', () => {
    expect(sentenceText('<ul><li>44 in width</li><li>Made in Jaipur</li></ul>')).toBe(
      '44 in width. Made in Jaipur.',
    );
    expect(sentenceText('<h2>Sky poplin</h2><p>Soft &amp; cool.</p><p>Ask for a swatch!</p>')).toBe(
      'Sky poplin. Soft & cool. Ask for a swatch!',
    );
    expect(sentenceText('Hand woven<br>Natural dyes')).toBe('Hand woven. Natural dyes.');
  });

  it('leaves one block as written, and cuts at the limit with an ellipsis', () => {
    expect(sentenceText('<p>Woven on <strong>pit looms</strong></p>')).toBe('Woven on pit looms');
    expect(sentenceText(`<p>${'a'.repeat(300)}</p><p>b</p>`, 20)).toMatch(/^a{19}…$/);
    expect(sentenceText(undefined)).toBe('');
    expect(sentenceText('<p></p><ul><li> </li></ul>')).toBe('');
  });
});

describe('in the page language', () => {
  it('writes prices, counts and numbers in text as the language does in India', () => {
    expect(formatPrice(250000, 0, 'hi')).toBe('₹2,50,000');
    expect(formatNumber(145000, 'hi')).toBe('1,45,000');
    expect(groupDigits('30000 बुनकर, 2002 से', 'hi')).toBe('30,000 बुनकर, 2002 से');
    expect(groupDigitsInHtml('<p>1000 मीटर</p>', 'hi')).toBe('<p>1,000 मीटर</p>');
  });

  it('groups digits as the language groups them', () => {
    // French groups thousands by three with a narrow space, not the Indian lakh.
    expect(formatNumber(145000, 'fr')).toMatch(/^145\s000$/u);
    expect(formatNumber(145000, 'en')).toBe('1,45,000');
  });
});
