import { intlLocale, whatsappLink } from '@vitrine/contracts';

/**
 * Day-month-year (DD-MM-YYYY) from the first 10 characters of an ISO timestamp, as the
 * original site showed review dates: the calendar day the API recorded, in UTC, whatever
 * the visitor's time zone. In another language than English the day is written as that
 * language writes it (`hi`: "1 अक्टूबर 2026"). '' when the value is not a date.
 */
export function formatDayMonthYear(timestamp: string | null | undefined, locale = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(timestamp ?? '');
  if (!match) return '';
  if (locale === 'en') return `${match[3]}-${match[2]}-${match[1]}`;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    day,
  );
}

/** A `tel:` address from a phone number as people write it ("+91 141 400 2002"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Where "Chat with us" goes: WhatsApp at the settings' WhatsApp number when there is one,
 * so the link follows that number whenever it changes; otherwise the chat address the
 * settings name (another chat service). '' when there is neither.
 */
export function chatHref(settings: { whatsapp?: string; chatLink?: string }): string {
  if (settings.whatsapp?.trim()) return whatsappLink(settings.whatsapp);
  return settings.chatLink?.trim() ?? '';
}

/** A wait the API asked for (Retry-After, in seconds) in words: "45 seconds", "3 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
