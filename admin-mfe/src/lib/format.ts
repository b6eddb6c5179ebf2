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

/**
 * A price as people type it, or null when it is not one: "1450", "1,450", "₹1,450.50", and
 * Indian digit grouping, "1,45,000", as well as the international "145,000". Commas must
 * group digits properly ("14,50" is refused rather than guessed at).
 */
export function parsePrice(text: string): number | null {
  const written = text.replace(/₹|rs\.?|inr/gi, '').replace(/\s+/g, '');
  const grouped =
    /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(written) || /^\d{1,2}(,\d{2})*,\d{3}(\.\d+)?$/.test(written);
  if (written.includes(',') && !grouped) return null;
  const number = Number(written.replace(/,/g, ''));
  return written !== '' && Number.isFinite(number) && number >= 0 ? number : null;
}

/** An ISO moment as a `datetime-local` input shows it: local time, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as the API takes it: ISO, or '' for none. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** True when `iso` names a moment still to come. */
export function isFuture(iso: string | null | undefined, now = Date.now()): boolean {
  return Boolean(iso) && new Date(iso as string).getTime() > now;
}
