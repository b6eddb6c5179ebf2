import { Button, FormError, TextArea, TextField } from '@vitrine/ui';
import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { CONTACT_FIELDS, validateContact } from '../validation';
import { Honeypot } from './Honeypot';
import './enquiry-form.css';

const SUCCESS = 'Thank you. Your message has been sent; we will reply within two working days.';

/** The contact page's enquiry: First Name, Last Name, Phone Number, Email, message. */
export function ContactForm() {
  const form = useEnquiryForm({
    id: 'contact',
    fields: CONTACT_FIELDS,
    validate: validateContact,
    toEnquiry: (values, website) => ({
      FirstName: values.FirstName.trim(),
      LastName: values.LastName.trim(),
      PhoneNumber: values.PhoneNumber.trim(),
      Email: values.Email.trim(),
      Message: values.Message.trim(),
      source: 'contact',
      website,
    }),
    successMessage: SUCCESS,
  });

  return (
    <form
      className="enquiry-form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-label="Send an enquiry"
    >
      <FormError
        title="Your message was not sent"
        message={form.problem?.message}
        errors={form.problem?.items}
      />
      <div className="enquiry-form__row">
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          maxLength={60}
          {...form.field('FirstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={60}
          {...form.field('LastName')}
        />
      </div>
      <div className="enquiry-form__row">
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          {...form.field('PhoneNumber')}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={120}
          {...form.field('Email')}
        />
      </div>
      <TextArea label="Message" required rows={6} maxLength={2000} {...form.field('Message')} />
      <Honeypot id="contact-website" inputRef={form.honeypotRef} />
      <div className="enquiry-form__footer">
        <Button type="submit" busy={form.sending}>
          {form.sending ? 'Sending…' : 'Send message'}
        </Button>
        <p className="enquiry-form__status" role="status">
          {form.sent ? SUCCESS : ''}
        </p>
      </div>
    </form>
  );
}
