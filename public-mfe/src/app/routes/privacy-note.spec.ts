import { PRIVACY_NOTE_LANGUAGES, privacyNote } from './privacy-note';

describe('the privacy note', () => {
  it('is written in English and Hindi, each with the same parts', () => {
    expect(PRIVACY_NOTE_LANGUAGES.sort()).toEqual(['en', 'hi']);
    const english = privacyNote('en', { retentionMonths: 24 });
    const hindi = privacyNote('hi', { retentionMonths: 24 });
    expect(hindi).toMatchObject({ language: 'hi', title: 'गोपनीयता' });
    expect(hindi.sections.map((section) => section.items.length)).toEqual(
      english.sections.map((section) => section.items.length),
    );
  });

  it('says how long the totals are kept in each language, and something true before it is known', () => {
    expect(privacyNote('en', { retentionMonths: 24 }).sections.at(-1)?.items[0]).toBe(
      'The daily totals are kept for 24 months, then deleted on their own.',
    );
    expect(privacyNote('en', { retentionMonths: 1 }).sections.at(-1)?.items[0]).toContain(
      'for 1 month,',
    );
    expect(privacyNote('hi', { retentionMonths: 6 }).sections.at(-1)?.items[0]).toContain(
      '6 महीने तक',
    );
    expect(privacyNote('en', {}).sections.at(-1)?.items[0]).not.toMatch(/\d/);
  });

  it('is in English for a language it is not written in', () => {
    expect(privacyNote('ta', {})).toMatchObject({ language: 'en', title: 'Privacy' });
  });
});
