import type { NewEnquiry } from '@vitrine/api-client';
import type { FormErrorItem } from '@vitrine/ui';
import type { FormEvent, RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/*
 * What an enquiry form's markup needs of its state, apart from how that state is kept: the
 * markup (EnquiryFormFrame, the fields) ships with its page, the state (react-hook-form) may
 * come later (DeferredCallbackForm).
 */

/** What ties one input to the form: its id and name, its starting value, its message. */
export type FieldBinding = {
  id: string;
  name: string;
  defaultValue?: string;
  error?: string;
} & Partial<Omit<UseFormRegisterReturn, 'name'>>;

export interface FormProblem {
  message: string;
  items: FormErrorItem[];
}

export interface EnquiryFormView<K extends string> {
  field(name: K): FieldBinding;
  /** Absent while the form's code has not come: the browser posts the form itself. */
  handleSubmit?(event: FormEvent<HTMLFormElement>): void;
  sending: boolean;
  sent: boolean;
  problem: FormProblem | null;
  honeypotRef?: RefObject<HTMLInputElement | null>;
  /** Posted besides the fields by a browser sending the form itself: which form, about what. */
  hiddenFields: [name: string, value: string][];
}

/** The request body's parts that are not fields (`source`, `productId`), as hidden inputs. */
export function hiddenFieldsOf(
  enquiry: NewEnquiry,
  fields: readonly string[],
): [name: string, value: string][] {
  return Object.entries(enquiry).filter(
    (entry): entry is [string, string] =>
      !fields.includes(entry[0]) && entry[0] !== 'website' && typeof entry[1] === 'string',
  );
}

/**
 * A form's markup before its code has come: the same ids, names and hidden fields, empty,
 * nothing wired. What is typed into it stays in the page until the code takes over.
 */
export function restingForm<K extends string>({
  id,
  fields,
  enquiry,
}: {
  id: string;
  fields: readonly K[];
  /** The request body of the empty form, for the hidden fields. */
  enquiry: NewEnquiry;
}): EnquiryFormView<K> {
  return {
    field: (name) => ({ id: `${id}-${name}`, name, defaultValue: '' }),
    sending: false,
    sent: false,
    problem: null,
    hiddenFields: hiddenFieldsOf(enquiry, fields),
  };
}
