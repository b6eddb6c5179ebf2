import type { SiteSettings } from '@vitrine/api-client';
import {
  Button,
  ErrorState,
  FormError,
  LoadingState,
  TextArea,
  TextField,
  useToast,
} from '@vitrine/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useSettings } from '../api/get-settings';
import { updateSettings } from '../api/update-settings';
import { RowList } from './RowList';
import {
  type SettingsErrors,
  type SettingsValues,
  fieldId,
  rowKey,
  toInput,
  toValues,
  validateSettings,
} from './settings-form';
import './settings.css';

type TextName = Exclude<keyof SettingsValues, 'social' | 'figures' | 'offers'>;

/** /admin/settings: the company profile and texts the public pages show. */
export function SettingsPage() {
  const settings = useSettings();
  if (!settings.data) {
    return (
      <>
        <PageHeader title="Site settings" />
        {settings.error ? (
          <ErrorState
            title="The settings could not be loaded"
            message={errorMessage(settings.error)}
            onRetry={settings.refetch}
          />
        ) : (
          <LoadingState label="Loading the settings…" />
        )}
      </>
    );
  }
  return <SettingsForm settings={settings.data} />;
}

const LABELS: Record<string, string> = {
  companyName: 'Company name',
  tagline: 'Tagline',
  description: 'Description',
  heroTitle: 'Home page title',
  heroSubtitle: 'Home page subtitle',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  taxLine: 'Tax registration line',
  chatLink: 'Chat link',
  servicesOffer: 'Services page offer',
  story: 'Home page story',
  journey: 'About page journey',
  about: 'About page text',
};

/** "social.1.url" → "Social link 2, URL". */
function describe(path: string): string {
  const [list, index, field] = path.split('.');
  if (index === undefined) return LABELS[list] ?? list;
  const name = { social: 'Social link', figures: 'Figure', offers: 'Offer' }[list] ?? list;
  return `${name} ${Number(index) + 1}, ${field}`;
}

export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const toast = useToast();
  const [values, setValues] = useState<SettingsValues>(() => toValues(settings));
  const [savedAt, setSavedAt] = useState(settings.updatedAt);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  function setText(name: TextName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  }

  function setRows<K extends 'social' | 'figures' | 'offers'>(
    name: K,
    rows: SettingsValues[K],
    structural: boolean,
  ) {
    setValues((current) => ({ ...current, [name]: rows }));
    // Errors are keyed by position: after adding or removing a row they point elsewhere.
    if (structural)
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${name}.`))),
      );
  }

  function clearError(path: string) {
    setErrors(({ [path]: _gone, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSettings(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    setBusy(true);
    try {
      const saved = await updateSettings(toInput(values));
      setSavedAt(saved.updatedAt);
    } catch (error) {
      setBusy(false);
      if (isUnauthorized(error)) return;
      setErrors(fieldErrorsOf(error));
      setMessage(errorMessage(error, 'The settings were not saved'));
      toast.error(`The settings were not saved: ${errorMessage(error)}`);
      return;
    }
    setBusy(false);
    setErrors({});
    setMessage('');
    toast.success('Settings saved');
  }

  const text = (
    name: TextName,
    options: { required?: boolean; hint?: ReactNode; type?: string; maxLength?: number } = {},
  ) => (
    <TextField
      id={fieldId(name)}
      label={LABELS[name]}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setText(name, event.target.value)}
      {...options}
    />
  );
  const area = (
    name: TextName,
    options: { required?: boolean; hint?: ReactNode; rows?: number; maxLength?: number } = {},
  ) => (
    <TextArea
      id={fieldId(name)}
      label={LABELS[name]}
      value={values[name]}
      error={errors[name]}
      wrapperClassName="adm-form__wide"
      onChange={(event) => setText(name, event.target.value)}
      rows={3}
      {...options}
    />
  );

  const summary = Object.entries(errors)
    .filter(([, text]) => text)
    .map(([path, text]) => ({ message: `${describe(path)}: ${text}`, fieldId: fieldId(path) }));

  return (
    <>
      <PageHeader
        title="Site settings"
        description={
          savedAt
            ? `The company profile and texts the public pages show. Last saved ${formatDateTime(savedAt)}.`
            : 'The company profile and texts the public pages show.'
        }
      />
      <form className="adm-form adm-card adm-settings" noValidate onSubmit={handleSubmit}>
        <FormError
          title="The settings were not saved"
          message={summary.length === 0 ? message : undefined}
          errors={summary}
        />
        <Section title="Company">
          <div className="adm-form__grid">
            {text('companyName', { required: true, maxLength: 120 })}
            {text('tagline', { maxLength: 200 })}
            {area('description', {
              required: true,
              maxLength: 2000,
              hint: 'Shown in the footer and wherever the company is introduced',
            })}
            {text('heroTitle', { maxLength: 120 })}
            {text('heroSubtitle', { maxLength: 300 })}
          </div>
        </Section>
        <Section title="Contact">
          <div className="adm-form__grid">
            {text('email', { required: true, type: 'email', maxLength: 120 })}
            {text('phone', { required: true, type: 'tel', hint: 'e.g. +91 141 400 2002' })}
            {area('address', {
              required: true,
              maxLength: 500,
              hint: 'One line per line of the address',
            })}
            {text('taxLine', { maxLength: 120, hint: 'e.g. GSTIN 08ABCDE1234F1Z5' })}
            {text('chatLink', {
              type: 'url',
              hint: 'A WhatsApp or chat address starting with https://; leave empty for none',
            })}
          </div>
        </Section>
        <Section title="Social links">
          <RowList
            name="social"
            itemLabel="Social link"
            rows={values.social}
            errors={errors}
            fields={[
              { name: 'label', label: 'Label', maxLength: 40, placeholder: 'Instagram' },
              { name: 'url', label: 'URL', type: 'url', maxLength: 500, placeholder: 'https://' },
            ]}
            blank={() => ({ key: rowKey(), value: { label: '', url: '' } })}
            onChange={(rows, structural) => setRows('social', rows, structural)}
            onFieldEdit={clearError}
          />
        </Section>
        <Section title="Figures">
          <RowList
            name="figures"
            itemLabel="Figure"
            rows={values.figures}
            errors={errors}
            fields={[
              { name: 'label', label: 'Label', maxLength: 60, placeholder: 'People trained' },
              { name: 'value', label: 'Value', maxLength: 30, placeholder: '1000+' },
            ]}
            blank={() => ({ key: rowKey(), value: { label: '', value: '' } })}
            onChange={(rows, structural) => setRows('figures', rows, structural)}
            onFieldEdit={clearError}
          />
        </Section>
        <Section title="Offers">
          <RowList
            name="offers"
            itemLabel="Offer"
            rows={values.offers}
            errors={errors}
            fields={[
              { name: 'title', label: 'Title', maxLength: 120, placeholder: '20% + 10% off' },
              { name: 'text', label: 'Text', maxLength: 500, multiline: true },
            ]}
            blank={() => ({ key: rowKey(), value: { title: '', text: '' } })}
            onChange={(rows, structural) => setRows('offers', rows, structural)}
            onFieldEdit={clearError}
          />
          {area('servicesOffer', {
            maxLength: 500,
            hint: 'The extra-discount note on the services page',
          })}
        </Section>
        <Section title="Page texts">
          <div className="adm-form__grid">
            {area('story', { maxLength: 5000, rows: 4 })}
            {area('journey', { maxLength: 5000, rows: 4 })}
            {area('about', { maxLength: 5000, rows: 4 })}
          </div>
        </Section>
        <div className="adm-form-actions">
          <Button type="submit" busy={busy}>
            Save settings
          </Button>
        </div>
      </form>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="adm-form-section" aria-labelledby={id}>
      <h2 className="adm-form-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
