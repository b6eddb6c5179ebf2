import type { FieldMessages } from '@vitrine/ui';
import type { NewShareLink } from '../api/create-share-link';

/** The longest the API lets a link live; a chosen day must end within it. */
const MAX_DAYS = 90;
const DAY_MS = 24 * 3600_000;

export interface ShareLinkValues {
  /** Days ('1', '7', '30'), or 'date' for the day in `date`. */
  expiry: string;
  /** YYYY-MM-DD, local. */
  date: string;
}

export const EXPIRY_OPTIONS = [
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: 'date', label: 'On a day I choose' },
] as const;

export const initialShareLinkValues = (): ShareLinkValues => ({ expiry: '7', date: '' });

/** The end of a local day: the link works through the day chosen. */
function endOfDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59);
}

/** YYYY-MM-DD of a local day, for a date input's min and max. */
export function localDay(offsetDays: number, now = new Date()): string {
  const day = new Date(now.getTime() + offsetDays * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function validateShareLink(values: ShareLinkValues, now = new Date()): FieldMessages {
  if (values.expiry !== 'date') return {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    return { date: 'Choose the day the link stops working' };
  }
  const end = endOfDay(values.date).getTime();
  if (end <= now.getTime()) return { date: 'Choose today or a later day' };
  if (end > now.getTime() + MAX_DAYS * DAY_MS) {
    return { date: `Choose a day within ${MAX_DAYS} days` };
  }
  return {};
}

export function shareLinkBody(
  kind: NewShareLink['kind'],
  id: string,
  values: ShareLinkValues,
): NewShareLink {
  return values.expiry === 'date'
    ? { kind, id, expiresAt: endOfDay(values.date).toISOString() }
    : { kind, id, expiresInDays: Number(values.expiry) };
}
