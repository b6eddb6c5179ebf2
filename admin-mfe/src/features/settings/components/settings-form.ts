import { PHONE_PATTERN } from '@vitrine/contracts';
import type { SiteSettings } from '@vitrine/api-client';
import type { SettingsInput } from '../api/update-settings';

export interface Row<T> {
  key: string;
  value: T;
}

type TextKey = Exclude<keyof SiteSettings, 'social' | 'figures' | 'offers' | 'updatedAt'>;

export type SettingsValues = Record<TextKey, string> & {
  social: Row<{ label: string; url: string }>[];
  figures: Row<{ label: string; value: string }>[];
  offers: Row<{ title: string; text: string }>[];
};

/** Field errors keyed as the API keys them: `email`, `social.0.url`, `offers.1.title`. */
export type SettingsErrors = Record<string, string>;

let lastKey = 0;
export const rowKey = () => `row-${(lastKey += 1)}`;

const rows = <T>(items: readonly T[] | undefined): Row<T>[] =>
  (items ?? []).map((value) => ({ key: rowKey(), value: { ...value } }));

export function toValues(settings: SiteSettings): SettingsValues {
  return {
    companyName: settings.companyName ?? '',
    tagline: settings.tagline ?? '',
    description: settings.description ?? '',
    address: settings.address ?? '',
    email: settings.email ?? '',
    phone: settings.phone ?? '',
    taxLine: settings.taxLine ?? '',
    chatLink: settings.chatLink ?? '',
    servicesOffer: settings.servicesOffer ?? '',
    story: settings.story ?? '',
    journey: settings.journey ?? '',
    about: settings.about ?? '',
    heroTitle: settings.heroTitle ?? '',
    heroSubtitle: settings.heroSubtitle ?? '',
    social: rows(settings.social),
    figures: rows(settings.figures),
    offers: rows(settings.offers.map((offer) => ({ title: offer.title, text: offer.text ?? '' }))),
  };
}

export function toInput(values: SettingsValues): SettingsInput {
  const { social, figures, offers, ...texts } = values;
  const trimmed = Object.fromEntries(
    Object.entries(texts).map(([name, value]) => [name, value.trim()]),
  ) as Record<keyof typeof texts, string>;
  return {
    ...trimmed,
    social: social.map(({ value }) => ({ label: value.label.trim(), url: value.url.trim() })),
    figures: figures.map(({ value }) => ({ label: value.label.trim(), value: value.value.trim() })),
    offers: offers.map(({ value }) => ({ title: value.title.trim(), text: value.text.trim() })),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  if (values.chatLink.trim() && !isWebAddress(values.chatLink.trim()))
    errors.chatLink = 'Enter a web address starting with https://';
  values.social.forEach(({ value }, index) => {
    if (!value.label.trim()) errors[`social.${index}.label`] = 'Label is required';
    if (!value.url.trim()) errors[`social.${index}.url`] = 'URL is required';
    else if (!isWebAddress(value.url.trim()))
      errors[`social.${index}.url`] = 'Enter a web address starting with https://';
  });
  values.figures.forEach(({ value }, index) => {
    if (!value.label.trim()) errors[`figures.${index}.label`] = 'Label is required';
    if (!value.value.trim()) errors[`figures.${index}.value`] = 'Value is required';
  });
  values.offers.forEach(({ value }, index) => {
    if (!value.title.trim()) errors[`offers.${index}.title`] = 'Title is required';
  });
  return errors;
}

/** `social.0.url` → `settings-social-0-url`, the id of the field it belongs to. */
export const fieldId = (path: string) => `settings-${path.replace(/\./g, '-')}`;
