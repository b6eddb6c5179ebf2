import type { NewEnquiry } from '@vitrine/api-client';
import { TextArea, TextField } from '@vitrine/ui';
import type { EnquiryFormView } from '../enquiry-form-view';
import { CALLBACK_FIELDS, type CallbackField, type Values } from '../validation';
import { EnquiryFormFrame, trimmed } from './EnquiryFormFrame';

/** What the call-back request is, for its state (CallbackForm) and its markup alike. */
export const CALLBACK = {
  id: 'callback',
  source: 'callback',
  fields: CALLBACK_FIELDS,
  successMessage: 'Thank you. We have your request and will call you back soon.',
  toEnquiry: (values: Values<CallbackField>, website: string): NewEnquiry => ({
    ...trimmed(values),
    source: 'callback',
    website,
  }),
} as const;

/** The call-back request's markup: Name, Contact (a number to call), Email, Message. */
export function CallbackFields({ form }: { form: EnquiryFormView<CallbackField> }) {
  return (
    <EnquiryFormFrame
      form={form}
      label="Request a call back"
      submitLabel="Request a call back"
      notSentTitle="Your request was not sent"
      successMessage={CALLBACK.successMessage}
      honeypotId="callback-website"
    >
      <div className="enquiry-form__row">
        <TextField
          label="Name"
          required
          autoComplete="name"
          maxLength={121}
          {...form.field('Name')}
        />
        <TextField
          label="Contact"
          hint="The phone number to call"
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          {...form.field('Contact')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={120}
        {...form.field('Email')}
      />
      <TextArea label="Message" rows={4} maxLength={2000} {...form.field('Message')} />
    </EnquiryFormFrame>
  );
}
