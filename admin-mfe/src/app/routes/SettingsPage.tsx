import { FormError, TextArea, TextField } from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { DraftNotice } from '../../components/DraftNotice';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { useAdminForm } from '../../lib/forms/use-admin-form';
import { formatDateTime } from '../../lib/format';
import { HistoryPanel } from '../../components/history/HistoryPanel';
import { settingsQueryOptions, useSettings } from '../../features/settings/api/get-settings';
import { updateSettings } from '../../features/settings/api/update-settings';
import {
  BANNER_IMAGE_ID,
  BANNER_VIDEO_ID,
  BannerField,
} from '../../features/settings/components/BannerField';
import {
  LANGUAGES_ADD_ID,
  LanguagesField,
} from '../../features/settings/components/LanguagesField';
import { RowList } from '../../features/settings/components/RowList';
import { SettingsTranslation } from '../../features/settings/components/SettingsTranslation';
import { LanguagePicker } from '../../components/translation/LanguagePicker';
import { languageName } from '../../lib/site-languages';
import { siteLanguagesOf, type AdminSettings } from '../../lib/site-languages';
import {
  type SettingsValues,
  fieldId,
  offerState,
  toInput,
  toValues,
  validateSettings,
} from '../../features/settings/components/settings-form';
import '../../features/settings/components/settings.css';

type TextName = Exclude<
  keyof SettingsValues,
  'social' | 'figures' | 'offers' | 'banner' | 'languages' | 'translations'
>;

/** /admin/settings: the company profile and texts the public pages show. */
export function SettingsPage() {
  const settings = useSettings();
  // Bumped by a restore from the history: the form starts again from the restored version.
  const [restores, setRestores] = useState(0);
  if (!settings.data) {
    return (
      <>
        <PageHeader title="Site settings" />
        <QueryStatus query={settings} what="the settings" />
      </>
    );
  }
  return (
    <SettingsForm
      key={restores}
      settings={settings.data}
      restored={restores > 0}
      onRestored={() => setRestores((count) => count + 1)}
    />
  );
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
  whatsapp: 'WhatsApp number',
  servicesOffer: 'Services page offer',
  story: 'Home page story',
  journey: 'About page journey',
  about: 'About page text',
  banner: 'Home banner',
  'banner.mediaId': 'Home banner image',
  'banner.videoUrl': 'Home banner video',
  languages: 'Languages',
};

/** Where the error summary sends the focus for a field of the banner. */
const BANNER_IDS: Record<string, string> = {
  'banner.mediaId': BANNER_IMAGE_ID,
  'banner.videoUrl': BANNER_VIDEO_ID,
  languages: LANGUAGES_ADD_ID,
};

/** The digits of a phone number, however it is written. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** "social.1.url" → "Social link 2, URL". */
function describe(path: string): string {
  if (LABELS[path]) return LABELS[path];
  const [list, index, field] = path.split('.');
  if (index === undefined) return LABELS[list] ?? list;
  const name = { social: 'Social link', figures: 'Figure', offers: 'Offer' }[list] ?? list;
  return `${name} ${Number(index) + 1}, ${field}`;
}

export function SettingsForm({
  settings,
  restored = false,
  onRestored,
}: {
  settings: AdminSettings;
  /** Started again after a restore: the history stays open. */
  restored?: boolean;
  /** A version from the history was restored: the page starts the form again from it. */
  onRestored?(): void;
}) {
  const [savedAt, setSavedAt] = useState(settings.updatedAt);
  const [savedLanguages, setSavedLanguages] = useState(siteLanguagesOf(settings).languages);
  const queryClient = useQueryClient();
  const form = useAdminForm<SettingsValues>({
    defaultValues: toValues(settings),
    rules: validateSettings,
    failure: 'The settings were not saved',
    draft: { key: 'settings', base: settings.updatedAt },
  });
  const { register, formState } = form;
  const offers = form.watch('offers');
  // The languages to translate into are the saved ones: a language added in this form is
  // translated once it is saved.
  const site = siteLanguagesOf({ languages: savedLanguages });
  const [chosen, setChosen] = useState(site.defaultLanguage);
  const language = site.others.includes(chosen) ? chosen : site.defaultLanguage;
  const translating = language !== site.defaultLanguage;
  const errorPaths = Object.keys(formState.errors)
    .filter((path) => path !== 'root')
    .join('|');
  // After a refused save, show the language its messages are about: decided while
  // rendering the new messages (React's "adjusting state when a prop changes"), not after.
  const [seenErrorPaths, setSeenErrorPaths] = useState(errorPaths);
  if (errorPaths !== seenErrorPaths) {
    setSeenErrorPaths(errorPaths);
    const paths = errorPaths ? errorPaths.split('|') : [];
    const onlyTranslations = paths.length > 0 && paths.every((path) => path === 'translations');
    if (onlyTranslations && !translating) {
      const code = Object.keys(formState.errors.translations ?? {})[0];
      if (code) setChosen(code);
    } else if (paths.length > 0 && !paths.includes('translations') && translating) {
      setChosen(site.defaultLanguage);
    }
  }

  /** A removed figure or offer takes its translations with it. */
  const removeTranslated = (list: 'figures' | 'offers') => (index: number) => {
    const translations = form.getValues('translations');
    for (const code of Object.keys(translations)) {
      const rows = [...(translations[code]?.[list] ?? [])];
      rows.splice(index, 1);
      form.setValue(`translations.${code}.${list}`, rows as never, { shouldDirty: true });
    }
  };

  const handleSubmit = form.submitWith(async (values) => {
    const saved = await updateSettings(toInput(values));
    const languages = siteLanguagesOf(saved).languages;
    const newDefault = languages[0] !== savedLanguages[0];
    setSavedAt(saved.updatedAt);
    setSavedLanguages(languages);
    // The editors and lists read the site's languages from the settings' cache.
    queryClient.setQueryData(settingsQueryOptions().queryKey, saved);
    // A new default rewrote every item's texts: nothing read before is current.
    if (newDefault) await queryClient.invalidateQueries();
    // What was saved is the new starting point: nothing is left unsaved.
    form.reset(toValues(saved));
    form.toastSaved(
      newDefault
        ? `Settings saved: ${languageName(languages[0])} is the default language`
        : 'Settings saved',
    );
  });

  const text = (
    name: TextName,
    options: { required?: boolean; hint?: ReactNode; type?: string; maxLength?: number } = {},
  ) => (
    <TextField
      id={fieldId(name)}
      label={LABELS[name]}
      error={formState.errors[name]?.message}
      {...register(name)}
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
      error={formState.errors[name]?.message}
      wrapperClassName="adm-form__wide"
      rows={3}
      {...register(name)}
      {...options}
    />
  );

  const phone = register('phone');
  const summary = form.summary((path) => ({
    label: describe(path),
    fieldId: BANNER_IDS[path] ?? fieldId(path),
  }));

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
          message={summary.length === 0 ? form.message : undefined}
          errors={summary}
        />
        <DraftNotice draft={form.draft} what="the settings" />
        <LanguagePicker
          languages={site.languages}
          value={language}
          onChange={setChosen}
          what="the settings"
        />
        {translating ? (
          <>
            <SettingsTranslation
              form={form}
              code={language}
              defaultLanguage={site.defaultLanguage}
              labels={LABELS}
            />
            <p className="vt-field__hint">
              {`The company name, contacts, links, figures' values, offers' dates and the banner's image are the same in every language: choose ${languageName(site.defaultLanguage)} to change them.`}
            </p>
          </>
        ) : (
          <>
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
            <Section title="Languages">
              <Controller
                control={form.control}
                name="languages"
                render={({ field, fieldState }) => (
                  <LanguagesField
                    value={field.value}
                    saved={savedLanguages}
                    error={fieldState.error?.message}
                    onChange={field.onChange}
                  />
                )}
              />
            </Section>
            <Section title="Home banner">
              <Controller
                control={form.control}
                name="banner"
                render={({ field }) => (
                  <BannerField
                    value={field.value}
                    errors={{
                      mediaId: formState.errors.banner?.mediaId?.message,
                      videoUrl: formState.errors.banner?.videoUrl?.message,
                    }}
                    onChange={field.onChange}
                  />
                )}
              />
            </Section>
            <Section title="Contact">
              <div className="adm-form__grid">
                {text('email', { required: true, type: 'email', maxLength: 120 })}
                <TextField
                  id={fieldId('phone')}
                  label={LABELS.phone}
                  error={formState.errors.phone?.message}
                  required
                  type="tel"
                  hint="e.g. +91 141 400 2002. The WhatsApp number follows it while the two are the same"
                  {...phone}
                  onChange={(event) => {
                    // A WhatsApp number that was the phone's stays the phone's: "Chat with us"
                    // never keeps dialling a number the studio has given up.
                    const { phone: before, whatsapp } = form.getValues();
                    if (whatsapp.trim() && digitsOf(whatsapp) === digitsOf(before)) {
                      form.setValue('whatsapp', event.target.value, { shouldDirty: true });
                    }
                    return phone.onChange(event);
                  }}
                />
                {area('address', {
                  required: true,
                  maxLength: 500,
                  hint: 'One line per line of the address',
                })}
                {text('taxLine', { maxLength: 120, hint: 'e.g. GSTIN 08ABCDE1234F1Z5' })}
                {text('whatsapp', {
                  type: 'tel',
                  hint: 'With the country code, e.g. +91 141 400 2002. "Chat with us" and "Ask on WhatsApp" write to it; leave empty for none',
                })}
                {text('chatLink', {
                  type: 'url',
                  hint: 'Another chat\'s address starting with https://, for "Chat with us" when there is no WhatsApp number; leave empty for none',
                })}
              </div>
            </Section>
            <Section title="Social links">
              <RowList
                form={form}
                name="social"
                itemLabel="Social link"
                fields={[
                  { name: 'label', label: 'Label', maxLength: 40, placeholder: 'Instagram' },
                  {
                    name: 'url',
                    label: 'URL',
                    type: 'url',
                    maxLength: 500,
                    placeholder: 'https://',
                  },
                ]}
                blank={() => ({ label: '', url: '' })}
              />
            </Section>
            <Section title="Figures">
              <RowList
                form={form}
                name="figures"
                itemLabel="Figure"
                fields={[
                  { name: 'label', label: 'Label', maxLength: 60, placeholder: 'People trained' },
                  { name: 'value', label: 'Value', maxLength: 30, placeholder: '1000+' },
                ]}
                blank={() => ({ label: '', value: '' })}
                onRemove={removeTranslated('figures')}
              />
            </Section>
            <Section title="Offers">
              <RowList
                form={form}
                name="offers"
                itemLabel="Offer"
                fields={[
                  { name: 'title', label: 'Title', maxLength: 120, placeholder: '20% + 10% off' },
                  { name: 'text', label: 'Text', maxLength: 500, multiline: true },
                  { name: 'startsAt', label: 'Shown from (optional)', type: 'datetime-local' },
                  { name: 'endsAt', label: 'Shown until (optional)', type: 'datetime-local' },
                ]}
                blank={() => ({ title: '', text: '', startsAt: '', endsAt: '' })}
                onRemove={removeTranslated('offers')}
                note={(index) => {
                  const offer = offers[index];
                  return offer && offerState(offer);
                }}
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
          </>
        )}
        <FormActions busy={formState.isSubmitting} saveLabel="Save settings" />
      </form>
      {onRestored && (
        <HistoryPanel
          target={{ entity: 'settings' }}
          what="settings"
          itemKey={settingsQueryOptions().queryKey}
          labels={LABELS}
          savedAt={savedAt}
          defaultOpen={restored}
          onRestored={onRestored}
        />
      )}
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
