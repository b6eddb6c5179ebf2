// How the site and the admin area write a price, a number and summarise rich text: one way,
// so that a visitor and an administrator read the same value the same way. Each takes the
// page's language (a site language code, `en` by default) and writes as `Intl` does in it
// (`intlLocale`: `en-IN`, `hi-IN`).
import { intlLocale } from './locales';

const rupeeFormats = new Map<string, Intl.NumberFormat>();

function rupees(maximumFractionDigits: number, locale: string): Intl.NumberFormat {
  const key = `${locale} ${maximumFractionDigits}`;
  let format = rupeeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits,
    });
    rupeeFormats.set(key, format);
  }
  return format;
}

/**
 * A price in rupees as Indians write it (₹2,50,000), or null when there is none. The API
 * sends a number; a numeric string is accepted too, anything else means "no price".
 * `maximumFractionDigits`: the site shows whole rupees (0, the default); the admin area shows
 * the value as stored, fractions included. `locale`: the page's language.
 */
export function formatPrice(
  value: unknown,
  maximumFractionDigits = 0,
  locale = 'en',
): string | null {
  let amount = Number.NaN;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && value.trim() !== '') amount = Number(value);
  return Number.isFinite(amount) ? rupees(maximumFractionDigits, locale).format(amount) : null;
}

const digitGroups = new Map<string, Intl.NumberFormat>();

/**
 * A count or figure with the site's digit grouping, as its prices have it: 30,000; 1,45,000
 * (in `locale`, the page's language).
 */
export function formatNumber(value: number, locale = 'en'): string {
  let format = digitGroups.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
    digitGroups.set(locale, format);
  }
  return format.format(value);
}

// A whole number standing alone in a sentence: not part of a decimal, a date, a phone number
// written with dashes, a word or an amount already grouped.
const LONE_NUMBER = /(?<![\d.,:/+₹#&\p{L}-])\d{4,9}(?![\d\p{L}]|[.,:/-]\d)/gu;

/**
 * Free text an administrator wrote ("reach 30000 retailers", a figure "1000+") with its
 * numbers grouped as the rest of the site writes them ("30,000", "1,000+"). Left as written:
 * years (1900–2099, "since 2002"), numbers with a leading zero, and runs of ten or more
 * digits, which are phone numbers or references rather than amounts. `locale`: the page's
 * language.
 */
export function groupDigits(text: string, locale = 'en'): string {
  return text.replace(LONE_NUMBER, (digits) => {
    const value = Number(digits);
    if (digits.startsWith('0') || (digits.length === 4 && value >= 1900 && value <= 2099)) {
      return digits;
    }
    return formatNumber(value, locale);
  });
}

/** `groupDigits` for the text of sanitised HTML (a description): tags and attributes untouched. */
export function groupDigitsInHtml(html: string, locale = 'en'): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : groupDigits(part, locale)))
    .join('');
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

// Where one block of rich text ends: a paragraph, list item, heading, quote, cell or line break.
const BLOCK_END = /<\/(?:p|li|h[1-6]|blockquote|div|pre|td|th|dd|dt)\s*>|<br\s*\/?>/gi;
const ENDS_SENTENCE = /[.!?…:;]["'”’)]*$/;

/**
 * Rich text as sentences, for a meta description or a link preview: each paragraph, list
 * item or heading ends with a full stop unless it has its own ("44 in width. Made in
 * Jaipur."), where `plainText` would run them together. At most `max` characters.
 */
export function sentenceText(html: string | undefined, max = 160): string {
  const blocks = (html ?? '')
    .split(BLOCK_END)
    .map((block) => plainText(block, Number.POSITIVE_INFINITY))
    .filter(Boolean);
  // One block reads as written; several read as sentences, each closed.
  const text =
    blocks.length > 1
      ? blocks.map((block) => (ENDS_SENTENCE.test(block) ? block : `${block}.`)).join(' ')
      : (blocks[0] ?? '');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
