import { TextArea, TextField } from '@vitrine/ui';
import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { CALLBACK_FIELDS, validateCallback } from '../validation';
import { EnquiryFormFrame, trimmed } from './EnquiryFormFrame';

const SUCCESS = 'Thank you. We have your request and will call you back soon.';

/** The home page's call-back request: Name, Contact (a number to call), Email, Message. */
export function CallbackForm() {
  const form = useEnquiryForm({
    source: 'callback',
    id: 'callback',
    fields: CALLBACK_FIELDS,
    validate: validateCallback,
    toEnquiry: (values, website) => ({ ...trimmed(values), source: 'callback', website }),
    successMessage: SUCCESS,
  });

  return (
    <EnquiryFormFrame
      form={form}
      label="Request a call back"
      submitLabel="Request a call back"
      notSentTitle="Your request was not sent"
      successMessage={SUCCESS}
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
