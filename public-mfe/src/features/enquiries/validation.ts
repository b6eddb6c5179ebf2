import { PHONE_PATTERN } from '@vitrine/contracts';

/** Form values by field name; the names are the API's, so its field errors map one to one. */
export type Values<K extends string> = Record<K, string>;
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const CALLBACK_FIELDS = ['Name', 'Contact', 'Email', 'Message'] as const;
export type CallbackField = (typeof CALLBACK_FIELDS)[number];

export const CONTACT_FIELDS = ['FirstName', 'LastName', 'PhoneNumber', 'Email', 'Message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Something@something.something: the browser's check; the API applies the strict one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  name: 'Enter your name',
  firstName: 'Enter your first name',
  phoneRequired: 'Enter a phone number we can call you on',
  phoneFormat: 'Enter a phone number using digits, spaces, + or -, e.g. +91 98765 43210',
  emailRequired: 'Enter your e-mail address',
  emailFormat: 'Enter an e-mail address like name@example.com',
  message: 'Enter your message',
} as const;

const blank = (value: string) => value.trim() === '';

function phoneError(value: string, required: boolean): string | undefined {
  if (blank(value)) return required ? MESSAGES.phoneRequired : undefined;
  return PHONE_PATTERN.test(value.trim()) ? undefined : MESSAGES.phoneFormat;
}

function emailError(value: string, required: boolean): string | undefined {
  if (blank(value)) return required ? MESSAGES.emailRequired : undefined;
  return EMAIL.test(value.trim()) ? undefined : MESSAGES.emailFormat;
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as FieldErrors<K>;
}

/** The home page's call-back request: a name and a number to call; e-mail and message optional. */
export function validateCallback(values: Values<CallbackField>): FieldErrors<CallbackField> {
  return compact<CallbackField>({
    Name: blank(values.Name) ? MESSAGES.name : undefined,
    Contact: phoneError(values.Contact, true),
    Email: emailError(values.Email, false),
    Message: undefined,
  });
}

/** The contact page's enquiry: first name, e-mail and message required; phone optional. */
export function validateContact(values: Values<ContactField>): FieldErrors<ContactField> {
  return compact<ContactField>({
    FirstName: blank(values.FirstName) ? MESSAGES.firstName : undefined,
    LastName: undefined,
    PhoneNumber: phoneError(values.PhoneNumber, false),
    Email: emailError(values.Email, true),
    Message: blank(values.Message) ? MESSAGES.message : undefined,
  });
}
