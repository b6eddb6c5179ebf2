import { Button, FormError } from '@vitrine/ui';
import type { ReactNode } from 'react';
import type { EnquiryFormView } from '../enquiry-form-view';
import { Honeypot } from './Honeypot';
import { useTranslation } from '../../../lib/i18n';
import './enquiry-form.css';

export interface EnquiryFormFrameProps {
  form: Omit<EnquiryFormView<string>, 'field'>;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The summary's title when sending failed: "Your request was not sent". */
  notSentTitle: string;
  /** Said under the button once the API has stored the enquiry. */
  successMessage: string;
  honeypotId: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * Where the browser posts the form itself when the page's script has not run (yet): the
 * site's server forwards /api, and the API sends the browser back to the page with the
 * outcome. With the script, the form is sent as JSON instead.
 */
const NO_SCRIPT_ACTION = '/api/enquiries';

/**
 * What both enquiry forms have around their fields: the error summary, the honeypot, the
 * submit button and the status line that says the enquiry was received.
 */
export function EnquiryFormFrame({
  form,
  label,
  submitLabel,
  notSentTitle,
  successMessage,
  honeypotId,
  children,
}: EnquiryFormFrameProps) {
  const { t } = useTranslation();
  return (
    <form
      className="enquiry-form"
      method="post"
      action={NO_SCRIPT_ACTION}
      noValidate
      onSubmit={form.handleSubmit}
      aria-label={label}
    >
      {form.hiddenFields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError
        title={notSentTitle}
        message={form.problem?.message}
        errors={form.problem?.items}
      />
      {children}
      <Honeypot id={honeypotId} inputRef={form.honeypotRef} />
      <div className="enquiry-form__footer">
        <Button type="submit" busy={form.sending}>
          {form.sending ? t('form.sending') : submitLabel}
        </Button>
        <p className="enquiry-form__status" role="status">
          {form.sent ? successMessage : ''}
        </p>
      </div>
    </form>
  );
}

/** The values with the white space around each one removed, as the API wants them. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
}
