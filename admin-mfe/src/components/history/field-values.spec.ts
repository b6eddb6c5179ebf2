import { fieldLabel, renderedText, shownValue } from './field-values';

describe('values in the history', () => {
  it('shows rich text as the page renders it: words, one line per paragraph or item', () => {
    expect(
      renderedText(
        '<p>Hand-<strong>spun</strong> khadi &amp; silk.</p><ul><li>Indigo</li><li>Madder</li></ul><p>Made<br>to order</p>',
      ),
    ).toBe('Hand-spun khadi & silk.\n• Indigo\n• Madder\nMade\nto order');
    expect(shownValue('<p>Two&nbsp;words</p>')).toBe('Two words');
  });

  it('keeps plain text as typed, and says what empty and yes/no mean', () => {
    expect(shownValue('a < b, said <nobody')).toBe('a < b, said <nobody');
    expect([shownValue(''), shownValue(null), shownValue(true), shownValue(false)]).toEqual([
      '(empty)',
      '(empty)',
      'Yes',
      'No',
    ]);
    expect(
      shownValue([
        { _id: 'x', label: 'Instagram', url: 'https://instagram.com/studio' },
        { _id: 'y', label: 'Facebook', url: 'https://facebook.com/studio' },
      ]),
    ).toBe(
      'label: Instagram, url: https://instagram.com/studio\nlabel: Facebook, url: https://facebook.com/studio',
    );
  });

  it('names fields as the forms do, or in words', () => {
    expect(fieldLabel('ProductHeading')).toBe('Heading');
    expect(fieldLabel('ClientName')).toBe('Client name');
    expect(fieldLabel('slug')).toBe('Address (slug)');
    expect(fieldLabel('companyName', { companyName: 'Company name' })).toBe('Company name');
  });
});
