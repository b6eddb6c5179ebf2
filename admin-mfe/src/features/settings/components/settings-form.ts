import { PHONE_PATTERN } from '@vitrine/contracts';
import type { SiteSettings } from '@vitrine/api-client';
import { siteLanguagesOf, type AdminSettings } from '../../../lib/site-languages';
import { fromLocalInput, formatDateTime, isFuture, toLocalInput } from '../../../lib/format';
import type { SettingsInput } from '../api/update-settings';
import type { FormBanner } from './BannerField';
import {
  translationsToInput,
  translationsToValues,
  type SettingsTranslation,
} from './settings-translations';

type TextKey = Exclude<
  keyof SiteSettings,
  | 'social'
  | 'figures'
  | 'offers'
  | 'banner'
  | 'updatedAt'
  | 'languages'
  | 'translations'
  | 'translationStatus'
  | 'locale'
  | 'fallbackFields'
>;

/** The form's values; a field's path is the API's (`email`, `social.0.url`, `offers.1.title`). */
export type SettingsValues = Record<TextKey, string> & {
  social: { label: string; url: string }[];
  figures: { label: string; value: string }[];
  /** `startsAt` and `endsAt` as `datetime-local` text (local time); '' for none. */
  offers: { title: string; text: string; startsAt: string; endsAt: string }[];
  /** The home banner; null for the default one. */
  banner: FormBanner | null;
  /** The site's languages, the default first. */
  languages: string[];
  /** The texts in the saved languages other than the default, by language code. */
  translations: Record<string, SettingsTranslation>;
};

/** Field errors keyed as the API keys them: `email`, `social.0.url`, `offers.1.title`. */
export type SettingsErrors = Record<string, string>;

export function toValues(settings: AdminSettings): SettingsValues {
  const { languages, others } = siteLanguagesOf(settings);
  return {
    languages: [...languages],
    translations: translationsToValues(settings.translations, others, {
      figures: settings.figures.length,
      offers: settings.offers.length,
    }),
    companyName: settings.companyName ?? '',
    tagline: settings.tagline ?? '',
    description: settings.description ?? '',
    address: settings.address ?? '',
    email: settings.email ?? '',
    phone: settings.phone ?? '',
    taxLine: settings.taxLine ?? '',
    chatLink: settings.chatLink ?? '',
    whatsapp: settings.whatsapp ?? '',
    servicesOffer: settings.servicesOffer ?? '',
    story: settings.story ?? '',
    journey: settings.journey ?? '',
    about: settings.about ?? '',
    heroTitle: settings.heroTitle ?? '',
    heroSubtitle: settings.heroSubtitle ?? '',
    social: settings.social.map(({ label, url }) => ({ label, url })),
    figures: settings.figures.map(({ label, value }) => ({ label, value })),
    offers: settings.offers.map((offer) => ({
      title: offer.title,
      text: offer.text ?? '',
      startsAt: toLocalInput(offer.startsAt),
      endsAt: toLocalInput(offer.endsAt),
    })),
    banner: settings.banner
      ? {
          mediaId: settings.banner.mediaId,
          alt: settings.banner.alt,
          media: settings.banner.media,
          videoUrl: settings.banner.videoUrl ?? '',
        }
      : null,
  };
}

export function toInput(values: SettingsValues): SettingsInput {
  const { social, figures, offers, banner, languages, translations, ...texts } = values;
  const trimmed = Object.fromEntries(
    Object.entries(texts).map(([name, value]) => [name, value.trim()]),
  ) as Record<keyof typeof texts, string>;
  return {
    ...trimmed,
    social: social.map((row) => ({ label: row.label.trim(), url: row.url.trim() })),
    figures: figures.map((row) => ({ label: row.label.trim(), value: row.value.trim() })),
    offers: offers.map((row) => ({
      title: row.title.trim(),
      text: row.text.trim(),
      startsAt: fromLocalInput(row.startsAt) || null,
      endsAt: fromLocalInput(row.endsAt) || null,
    })),
    banner: banner && { mediaId: banner.mediaId, videoUrl: banner.videoUrl.trim() },
    languages,
    // Only the languages the form holds: the API keeps the others (a removed one's too).
    ...(Object.keys(translations ?? {}).length > 0
      ? {
          translations: translationsToInput(translations, {
            figures: figures.length,
            offers: offers.length,
            banner: Boolean(banner),
          }),
        }
      : {}),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A video file's address, as the API takes it for the banner. */
const VIDEO_FILE = /\.(mp4|webm)$/i;

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The checks the API makes, so most mistakes show before anything is sent. */
export function validateSettings(values: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const required = (name: keyof SettingsValues, message: string) => {
    if (!String(values[name]).trim()) errors[name] = message;
  };
  required('companyName', 'Company name is required');
  required('description', 'Description is required');
  required('address', 'Address is required');
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(values.email.trim()))
    errors.email = 'Enter an e-mail address like name@example.com';
  if (!values.phone.trim()) errors.phone = 'Phone is required';
  else if (!PHONE_PATTERN.test(values.phone.trim()))
    errors.phone = 'Phone must be a phone number (digits, spaces, +, - or brackets)';
  if (values.whatsapp.trim() && !PHONE_PATTERN.test(values.whatsapp.trim()))
    errors.whatsapp = 'WhatsApp number must be a phone number (digits, spaces, +, - or brackets)';
  if (values.chatLink.trim() && !isWebAddress(values.chatLink.trim()))
    errors.chatLink = 'Enter a web address starting with https://';
  const video = values.banner?.videoUrl.trim();
  if (video && !isWebAddress(video))
    errors['banner.videoUrl'] = 'Enter a web address starting with https://';
  else if (video && !VIDEO_FILE.test(new URL(video).pathname))
    errors['banner.videoUrl'] = 'Enter the address of an .mp4 or .webm file';
  values.social.forEach((row, index) => {
    if (!row.label.trim()) errors[`social.${index}.label`] = 'Label is required';
    if (!row.url.trim()) errors[`social.${index}.url`] = 'URL is required';
    else if (!isWebAddress(row.url.trim()))
      errors[`social.${index}.url`] = 'Enter a web address starting with https://';
  });
  values.figures.forEach((row, index) => {
    if (!row.label.trim()) errors[`figures.${index}.label`] = 'Label is required';
    if (!row.value.trim()) errors[`figures.${index}.value`] = 'Value is required';
  });
  values.offers.forEach((row, index) => {
    if (!row.title.trim()) errors[`offers.${index}.title`] = 'Title is required';
    if (row.startsAt && row.endsAt && new Date(row.endsAt) <= new Date(row.startsAt))
      errors[`offers.${index}.endsAt`] = 'The end must come after the start';
  });
  return errors;
}

/** `social.0.url` → `settings-social-0-url`, the id of the field it belongs to. */
export const fieldId = (path: string) => `settings-${path.replace(/\./g, '-')}`;

/** An offer's state as visitors see it now: shown, "Scheduled for …" or "Ended …". */
export function offerState(
  offer: { startsAt: string; endsAt: string },
  now = Date.now(),
): string | undefined {
  const startsAt = fromLocalInput(offer.startsAt);
  const endsAt = fromLocalInput(offer.endsAt);
  if (isFuture(startsAt, now)) return `Scheduled for ${formatDateTime(startsAt)}`;
  if (endsAt && !isFuture(endsAt, now)) return `Ended ${formatDateTime(endsAt)}: not shown`;
  if (endsAt) return `Shown until ${formatDateTime(endsAt)}`;
  return undefined;
}
