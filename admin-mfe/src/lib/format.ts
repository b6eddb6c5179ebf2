/** 22 Nov 2026, 10:00 — local time, for lists. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** 22-11-2026, the day-month-year the spec asks for. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return day && month && year ? `${day}-${month}-${year}` : '';
}

/** ₹1,450 — or '' when there is no value. */
export function formatPrice(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  return `₹${number.toLocaleString('en-IN')}`;
}

/** Text of an HTML snippet, for one-line previews. */
export function plainText(html: string | undefined, max = 120): string {
  if (!html) return '';
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
