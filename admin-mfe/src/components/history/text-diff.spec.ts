import { wordDiff } from './text-diff';

describe('the word difference of two texts', () => {
  it('strikes the words removed and marks the words added, keeping the words both share', () => {
    expect(wordDiff('Spun by hand in Bengal.', 'Spun and dyed by hand in Jaipur.')).toEqual([
      { kind: 'same', text: 'Spun' },
      { kind: 'added', text: 'and dyed' },
      { kind: 'same', text: 'by hand in' },
      { kind: 'removed', text: 'Bengal.' },
      { kind: 'added', text: 'Jaipur.' },
    ]);
  });

  it('keeps line breaks between paragraphs and list items', () => {
    expect(wordDiff('Indigo\n• Madder', 'Indigo\n• Madder\n• Turmeric')).toEqual([
      { kind: 'same', text: 'Indigo\n• Madder' },
      { kind: 'added', text: '\n• Turmeric' },
    ]);
  });

  it('shows a text written from nothing as added, and one emptied as removed', () => {
    expect(wordDiff('', 'New words')).toEqual([{ kind: 'added', text: 'New words' }]);
    expect(wordDiff('Old words', '')).toEqual([{ kind: 'removed', text: 'Old words' }]);
    expect(wordDiff('Same', 'Same')).toEqual([{ kind: 'same', text: 'Same' }]);
  });

  it('gives two long texts with nothing in common as one removal and one addition', () => {
    const many = (word: string) => Array.from({ length: 1500 }, (_, i) => `${word}${i}`).join(' ');
    const parts = wordDiff(many('a'), many('b'));
    expect(parts.map((part) => part.kind)).toEqual(['removed', 'added']);
    expect(parts[1].text.split(' ')).toHaveLength(1500);
  });
});
