// The period the Insights screens show: the last 7, 30 or 90 days, or a chosen range of
// days. Days are the site's (TIME_ZONE): the API counts them there, so "the last 7 days"
// is asked for by length and the browser's own time zone never comes into it.

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];

export type InsightsRange = { days: PresetDays } | { from: string; to: string };

export const DEFAULT_RANGE: InsightsRange = { days: 30 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (`?days=7`, or `?from=…&to=…`); 30 days when none or unknown. */
export function rangeFromSearch(search: URLSearchParams): InsightsRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to)) return { from, to };
  const days = Number(search.get('days'));
  return (PRESET_DAYS as readonly number[]).includes(days)
    ? { days: days as PresetDays }
    : DEFAULT_RANGE;
}

/** The period as the address and the API's query take it. */
export function rangeQuery(range: InsightsRange): { days?: number; from?: string; to?: string } {
  return 'days' in range ? { days: range.days } : { from: range.from, to: range.to };
}

/** A stable key for the query cache. */
export const rangeKey = (range: InsightsRange) =>
  'days' in range ? `days:${range.days}` : `${range.from}..${range.to}`;

/** Why a chosen range cannot be asked for, or null: both days, in order, two years at most. */
export function chosenRangeError(from: string, to: string): string | null {
  if (!DAY.test(from) || !DAY.test(to)) return 'Choose the first and the last day';
  if (from > to) return 'The first day must not be after the last';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > 731) return 'Choose two years at most';
  return null;
}

/** "the last 7 days", "1 Nov 2026 – 30 Nov 2026", for headings and captions. */
export function describeRange(range: InsightsRange): string {
  return 'days' in range
    ? `the last ${range.days} days`
    : `${shortDay(range.from, true)} – ${shortDay(range.to, true)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A site day (YYYY-MM-DD) as "2 Dec", or "2 Dec 2026" with the year: read as written, with no
 * time zone applied, since the day is already the site's.
 */
export function shortDay(day: string, withYear = false): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return `${date} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}
