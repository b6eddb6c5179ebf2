import { Button, FormError, TextArea, TextField } from '@vitrine/ui';
import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { CALLBACK_FIELDS, validateCallback } from '../validation';
import { Honeypot } from './Honeypot';
import './enquiry-form.css';

const SUCCESS = 'Thank you. We have your request and will call you back soon.';

/** The home page's call-back request: Name, Contact (a number to call), Email, Message. */
export function CallbackForm() {
  const form = useEnquiryForm({
    id: 'callback',
    fields: CALLBACK_FIELDS,
    validate: validateCallback,
    toEnquiry: (values, website) => ({ ...trimmed(values), source: 'callback', website }),
    successMessage: SUCCESS,
  });

  return (
    <form
      className="enquiry-form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-label="Request a call back"
    >
      <FormError
        title="Your request was not sent"
        message={form.problem?.message}
        errors={form.problem?.items}
      />
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
      <Honeypot id="callback-website" inputRef={form.honeypotRef} />
      <div className="enquiry-form__footer">
        <Button type="submit" busy={form.sending}>
          {form.sending ? 'Sending…' : 'Request a call back'}
        </Button>
        <p className="enquiry-form__status" role="status">
          {form.sent ? SUCCESS : ''}
        </p>
      </div>
    </form>
  );
}

function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
}
