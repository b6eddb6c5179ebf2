// How the site and the admin area write a price and summarise rich text: one way, so that
// a visitor and an administrator read the same value the same way.

const rupeeFormats = new Map<number, Intl.NumberFormat>();

function rupees(maximumFractionDigits: number): Intl.NumberFormat {
  let format = rupeeFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits,
    });
    rupeeFormats.set(maximumFractionDigits, format);
  }
  return format;
}

/**
 * A price in rupees as Indians write it (₹2,50,000), or null when there is none. The API
 * sends a number; a numeric string is accepted too, anything else means "no price".
 * `maximumFractionDigits`: the site shows whole rupees (0, the default); the admin area shows
 * the value as stored, fractions included.
 */
export function formatPrice(value: unknown, maximumFractionDigits = 0): string | null {
  let amount = Number.NaN;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && value.trim() !== '') amount = Number(value);
  return Number.isFinite(amount) ? rupees(maximumFractionDigits).format(amount) : null;
}

/**
 * Plain text of a little HTML (a description), for meta tags and one-line previews; at most
 * `max` characters, cut with an ellipsis.
 */
export function plainText(html: string | undefined, max = 160): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
