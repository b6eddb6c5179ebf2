import { PHONE_PATTERN } from '@vitrine/contracts';
import type { TFunction } from '../../lib/i18n';

/** Form values by field name; the names are the API's, so its field errors map one to one. */
export type Values<K extends string> = Record<K, string>;
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const CALLBACK_FIELDS = ['Name', 'Contact', 'Email', 'Message'] as const;
export type CallbackField = (typeof CALLBACK_FIELDS)[number];

export const CONTACT_FIELDS = ['FirstName', 'LastName', 'PhoneNumber', 'Email', 'Message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Something@something.something: the browser's check; the API applies the strict one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each message's key in the catalogues (`validation.*`): the forms say them in the page's language. */
export const MESSAGES = {
  name: 'validation.name',
  firstName: 'validation.firstName',
  phoneRequired: 'validation.phoneRequired',
  phoneFormat: 'validation.phoneFormat',
  emailRequired: 'validation.emailRequired',
  emailFormat: 'validation.emailFormat',
  message: 'validation.message',
} as const;

const blank = (value: string) => value.trim() === '';

function phoneError(value: string, required: boolean, t: TFunction): string | undefined {
  if (blank(value)) return required ? t(MESSAGES.phoneRequired) : undefined;
  return PHONE_PATTERN.test(value.trim()) ? undefined : t(MESSAGES.phoneFormat);
}

function emailError(value: string, required: boolean, t: TFunction): string | undefined {
  if (blank(value)) return required ? t(MESSAGES.emailRequired) : undefined;
  return EMAIL.test(value.trim()) ? undefined : t(MESSAGES.emailFormat);
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as FieldErrors<K>;
}

/**
 * The home page's call-back request: a name and a number to call; e-mail and message
 * optional. `t` says the messages in the page's language.
 */
export function validateCallback(
  values: Values<CallbackField>,
  t: TFunction,
): FieldErrors<CallbackField> {
  return compact<CallbackField>({
    Name: blank(values.Name) ? t(MESSAGES.name) : undefined,
    Contact: phoneError(values.Contact, true, t),
    Email: emailError(values.Email, false, t),
    Message: undefined,
  });
}

/** The contact page's enquiry: first name, e-mail and message required; phone optional. */
export function validateContact(
  values: Values<ContactField>,
  t: TFunction,
): FieldErrors<ContactField> {
  return compact<ContactField>({
    FirstName: blank(values.FirstName) ? t(MESSAGES.firstName) : undefined,
    LastName: undefined,
    PhoneNumber: phoneError(values.PhoneNumber, false, t),
    Email: emailError(values.Email, true, t),
    Message: blank(values.Message) ? t(MESSAGES.message) : undefined,
  });
}
