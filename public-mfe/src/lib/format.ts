import { whatsappLink } from '@vitrine/contracts';

/**
 * Day-month-year (DD-MM-YYYY) from the first 10 characters of an ISO timestamp, as the
 * original site showed review dates: the calendar day the API recorded, in UTC, whatever
 * the visitor's time zone. '' when the value is not a date.
 */
export function formatDayMonthYear(timestamp: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(timestamp ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
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
