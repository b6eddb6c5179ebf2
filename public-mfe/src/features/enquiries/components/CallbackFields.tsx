import type { NewEnquiry } from '@vitrine/api-client';
import { TextArea, TextField } from '@vitrine/ui';
import type { EnquiryFormView } from '../enquiry-form-view';
import { CALLBACK_FIELDS, type CallbackField, type Values } from '../validation';
import { EnquiryFormFrame, trimmed } from './EnquiryFormFrame';
import { useTranslation } from '../../../lib/i18n';

/** What the call-back request is, for its state (CallbackForm) and its markup alike. */
export const CALLBACK = {
  id: 'callback',
  source: 'callback',
  fields: CALLBACK_FIELDS,
  toEnquiry: (values: Values<CallbackField>, website: string): NewEnquiry => ({
    ...trimmed(values),
    source: 'callback',
    website,
  }),
} as const;

/** The call-back request's markup: Name, Contact (a number to call), Email, Message. */
export function CallbackFields({ form }: { form: EnquiryFormView<CallbackField> }) {
  const { t } = useTranslation();
  return (
    <EnquiryFormFrame
      form={form}
      label={t('home.callback')}
      submitLabel={t('home.callback')}
      notSentTitle={t('callback.notSent')}
      successMessage={t('callback.sent')}
      honeypotId="callback-website"
    >
      <div className="enquiry-form__row">
        <TextField
          label={t('form.name')}
          required
          autoComplete="name"
          maxLength={121}
          {...form.field('Name')}
        />
        <TextField
          label={t('form.contact')}
          hint={t('form.contactHint')}
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          {...form.field('Contact')}
        />
      </div>
      <TextField
        label={t('form.email')}
        type="email"
        autoComplete="email"
        maxLength={120}
        {...form.field('Email')}
      />
      <TextArea label={t('form.message')} rows={4} maxLength={2000} {...form.field('Message')} />
    </EnquiryFormFrame>
  );
}
