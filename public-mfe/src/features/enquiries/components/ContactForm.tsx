import { TextArea, TextField } from '@vitrine/ui';
import { openingMessage, type EnquirySubject } from '../enquiry-subject';
import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { CONTACT_FIELDS, validateContact } from '../validation';
import { EnquiryFormFrame, trimmed } from './EnquiryFormFrame';
import { Trans, useTranslation } from '../../../lib/i18n';

/**
 * The contact page's enquiry: First Name, Last Name, Phone Number, Email, message. Opened
 * from a product's or a service's page, it starts with a message naming it and sends its id,
 * so the enquiry arrives linked to it.
 */
export function ContactForm({ about }: { about?: EnquirySubject }) {
  const { t } = useTranslation();
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
    initialValues: about ? { Message: openingMessage(about, t) } : undefined,
  });

  return (
    <EnquiryFormFrame
      form={form}
      label={t('home.sendEnquiry')}
      submitLabel={t('contact.send')}
      notSentTitle={t('contact.notSent')}
      successMessage={t('contact.sent')}
      honeypotId="contact-website"
    >
      {about && (
        <p className="enquiry-form__about">
          <Trans
            i18nKey={about.kind === 'product' ? 'contact.aboutProduct' : 'contact.aboutService'}
            values={{ name: about.name }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
      <div className="enquiry-form__row">
        <TextField
          label={t('form.firstName')}
          required
          autoComplete="given-name"
          maxLength={60}
          {...form.field('FirstName')}
        />
        <TextField
          label={t('form.lastName')}
          autoComplete="family-name"
          maxLength={60}
          {...form.field('LastName')}
        />
      </div>
      <div className="enquiry-form__row">
        <TextField
          label={t('form.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          {...form.field('PhoneNumber')}
        />
        <TextField
          label={t('form.email')}
          type="email"
          required
          autoComplete="email"
          maxLength={120}
          {...form.field('Email')}
        />
      </div>
      <TextArea
        label={t('form.message')}
        required
        rows={6}
        maxLength={2000}
        {...form.field('Message')}
      />
    </EnquiryFormFrame>
  );
}
