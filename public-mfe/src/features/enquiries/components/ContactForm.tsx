import { TextArea, TextField } from '@vitrine/ui';
import { openingMessage, type EnquirySubject } from '../enquiry-subject';
import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { CONTACT_FIELDS, validateContact } from '../validation';
import { EnquiryFormFrame, trimmed } from './EnquiryFormFrame';

const SUCCESS = 'Thank you. Your message has been sent; we will reply within two working days.';

/**
 * The contact page's enquiry: First Name, Last Name, Phone Number, Email, message. Opened
 * from a product's or a service's page, it starts with a message naming it and sends its id,
 * so the enquiry arrives linked to it.
 */
export function ContactForm({ about }: { about?: EnquirySubject }) {
  const form = useEnquiryForm({
    source: 'contact',
    id: 'contact',
    fields: CONTACT_FIELDS,
    validate: validateContact,
    toEnquiry: (values, website) => ({
      ...trimmed(values),
      source: 'contact',
      website,
      ...(about ? { [about.kind === 'product' ? 'productId' : 'serviceId']: about.id } : {}),
    }),
    initialValues: about ? { Message: openingMessage(about) } : undefined,
  });

  return (
    <EnquiryFormFrame
      form={form}
      label="Send an enquiry"
      submitLabel="Send message"
      notSentTitle="Your message was not sent"
      successMessage={SUCCESS}
      honeypotId="contact-website"
    >
      {about && (
        <p className="enquiry-form__about">
          About the {about.kind}: <strong>{about.name}</strong>
        </p>
      )}
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
    </EnquiryFormFrame>
  );
}
