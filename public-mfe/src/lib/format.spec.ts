import { chatHref, describeWait, formatDayMonthYear, telHref } from './format';

describe('formatDayMonthYear', () => {
  it('shows the day the API recorded as DD-MM-YYYY', () => {
    expect(formatDayMonthYear('2026-11-22T10:00:00.000Z')).toBe('22-11-2026');
    expect(formatDayMonthYear('2025-01-05T23:59:59.000Z')).toBe('05-01-2025');
  });

  it('uses the first 10 characters, whatever the time zone of the visitor', () => {
    // Late in the UTC evening is already the next day in India; the stored day is kept.
    expect(formatDayMonthYear('2026-03-31T22:30:00.000Z')).toBe('31-03-2026');
    expect(formatDayMonthYear('2026-03-31')).toBe('31-03-2026');
  });

  it('gives nothing for a missing or malformed date', () => {
    expect(formatDayMonthYear(undefined)).toBe('');
    expect(formatDayMonthYear('')).toBe('');
    expect(formatDayMonthYear('yesterday')).toBe('');
  });
});

describe('small formatting helpers', () => {
  it('dials a phone number as written', () => {
    expect(telHref('+91 141 400 2002')).toBe('tel:+911414002002');
    expect(telHref('(0141) 400-2002')).toBe('tel:01414002002');
  });

  it('chats on WhatsApp at the settings number, whatever an older chat link says', () => {
    expect(chatHref({ whatsapp: '+91 98290 12345', chatLink: 'https://wa.me/911414002002' })).toBe(
      'https://wa.me/919829012345',
    );
    expect(chatHref({ whatsapp: '', chatLink: 'https://m.me/vitrine' })).toBe(
      'https://m.me/vitrine',
    );
    expect(chatHref({ whatsapp: ' ', chatLink: '' })).toBe('');
  });

  it('says how long to wait in seconds or minutes', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(600)).toBe('10 minutes');
  });
});
