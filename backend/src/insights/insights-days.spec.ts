import { dayIn } from './insights-days';

describe('the day a moment falls on', () => {
  it('turns at midnight in the time zone, to the millisecond', () => {
    // Midnight in India is 18:30 UTC.
    expect(dayIn(new Date('2026-12-01T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-12-01');
    expect(dayIn(new Date('2026-12-01T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-12-02');
    expect(dayIn(new Date('2026-12-01T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-12-01');
    // An offset of minutes and seconds: Monrovia was 44 min 30 s behind UTC until 1972.
    expect(dayIn(new Date('1971-06-02T00:44:29.999Z'), 'Africa/Monrovia')).toBe('1971-06-01');
    expect(dayIn(new Date('1971-06-02T00:44:30.000Z'), 'Africa/Monrovia')).toBe('1971-06-02');
  });

  it('is the same moment on different days in different time zones', () => {
    const moment = new Date('2026-12-01T20:00:00.500Z');
    expect(dayIn(moment, 'Asia/Kolkata')).toBe('2026-12-02');
    expect(dayIn(moment, 'America/New_York')).toBe('2026-12-01');
    expect(dayIn(new Date('2026-12-01T20:00:00.900Z'), 'Asia/Kolkata')).toBe('2026-12-02');
  });

  it('refuses a moment that is no date', () => {
    expect(() => dayIn(new Date('not a date'), 'Asia/Kolkata')).toThrow(RangeError);
  });
});
