import {
  chosenRangeError,
  describeRange,
  rangeFromSearch,
  rangeQuery,
  shortDay,
} from './insights-range';

describe('the period the insights show', () => {
  it('reads the period from the address, 30 days when it names none it knows', () => {
    expect(rangeFromSearch(new URLSearchParams('days=7'))).toEqual({ days: 7 });
    expect(rangeFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(rangeFromSearch(new URLSearchParams('days=12'))).toEqual({ days: 30 });
    expect(rangeFromSearch(new URLSearchParams('from=yesterday&to=2026-11-30'))).toEqual({
      days: 30,
    });
    expect(rangeQuery({ days: 90 })).toEqual({ days: 90 });
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });

  it('refuses a chosen range without both days, in the wrong order, or over two years', () => {
    expect(chosenRangeError('', '2026-11-30')).toBe('Choose the first and the last day');
    expect(chosenRangeError('2026-12-01', '2026-11-30')).toBe(
      'The first day must not be after the last',
    );
    expect(chosenRangeError('2023-11-01', '2026-11-30')).toBe('Choose two years at most');
    expect(chosenRangeError('2026-11-30', '2026-11-30')).toBeNull();
  });

  it('writes a site day as it is, whatever the browser’s time zone', () => {
    expect(shortDay('2026-12-01')).toBe('1 Dec');
    expect(shortDay('2026-01-31', true)).toBe('31 Jan 2026');
    expect(describeRange({ days: 7 })).toBe('the last 7 days');
    expect(describeRange({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      '1 Nov 2026 – 30 Nov 2026',
    );
  });
});
