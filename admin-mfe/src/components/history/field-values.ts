export { fieldLabel } from '../../lib/field-label';

const HTML = /<[a-z][\s\S]*>/i;

/** Rich text as the page shows it: its words, one line per paragraph, list item or break. */
export function renderedText(html: string): string {
  const lines = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|figure)>/gi, '$&\n')
    .replace(/<li[^>]*>/gi, '$&• ');
  const text =
    typeof DOMParser === 'undefined'
      ? lines.replace(/<[^>]*>/g, '')
      : (new DOMParser().parseFromString(lines, 'text/html').body.textContent ?? '');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A value as text for the difference: rich text rendered, lists one item a line. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return HTML.test(value) ? renderedText(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => shownItem(item)).join('\n') : '(empty)';
  }
  if (typeof value === 'object') return shownItem(value);
  return String(value);
}

function shownItem(item: unknown): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    return Object.entries(item as Record<string, unknown>)
      .filter(([key]) => key !== '_id')
      .map(
        ([key, value]) =>
          `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
      )
      .join(', ');
  }
  return shownValue(item);
}
