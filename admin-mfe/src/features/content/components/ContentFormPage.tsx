import { Checkbox, FormError, TextField, fieldMessages } from '@vitrine/ui';
import { Controller, useWatch } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { DraftNotice } from '../../../components/DraftNotice';
import { mergeCategories } from '../../../components/CategorySelect';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PhotosField } from '../../../components/media-picker/PhotosField';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { RichTextEditor } from '../../../components/rich-text';
import { UploadProgress } from '../../../components/UploadProgress';
import { LanguagePicker } from '../../../components/translation/LanguagePicker';
import { adminPath } from '../../../lib/paths';
import { languageName, useSiteLanguages, type SiteLanguages } from '../../../lib/site-languages';
import { contentQueryOptions, useContent } from '../api/get-content';
import { useContentCategories } from '../api/get-content-categories';
import {
  capitalize,
  fieldId,
  formFields,
  wireName,
  type ContentRecord,
  type ContentType,
} from '../content-type';
import { describePath } from '../content-values';
import { languageOfPath, missingTranslations, translatableFields } from '../content-translations';
import { useContentForm, type ContentForm as ContentEditorForm } from '../hooks/useContentForm';
import { ContentFields } from './ContentFields';
import { ContentTranslation } from './ContentTranslation';
import { PreviewButton } from './PreviewButton';
import { ShareButton } from './ShareButton';

interface ContentFormProps<P extends string, X extends string> {
  type: ContentType<P, X>;
}

/** /admin/add-<slug> and /admin/edit-<slug>/:id: the form, once the record to edit is here. */
export function ContentFormPage<P extends string, X extends string>({
  type,
}: ContentFormProps<P, X>) {
  const { id } = useParams();
  const record = useContent(type, id);
  const site = useSiteLanguages();
  // Bumped by a restore from the history: the form starts again from the restored version.
  const [restores, setRestores] = useState(0);
  const title = `${id ? 'Edit' : 'Add'} ${capitalize(type.one)}`;
  if (id && !record.data) {
    return (
      <>
        <FormHeader type={type} title={title} />
        <QueryStatus query={record} what={`the ${type.one}`} />
      </>
    );
  }
  // An edit form holds every site language's translation from the start (a save sends the
  // languages the form holds), so it waits for the languages as it waits for the record.
  if (id && site.pending) {
    return (
      <>
        <FormHeader type={type} title={title} />
        <p role="status">{`Loading the site's languages…`}</p>
      </>
    );
  }
  // A new key starts a fresh form when going from one record (or from adding) to another.
  return (
    <>
      <ContentForm
        key={`${id ?? 'new'}:${restores}`}
        type={type}
        title={title}
        record={id ? record.data : undefined}
        site={site}
      />
      {id && record.data && type.editPanel?.(record.data)}
      {id && (type.slug === 'product' || type.slug === 'service') && (
        <HistoryPanel
          target={{ entity: type.slug, id }}
          what={type.one}
          itemKey={contentQueryOptions(type, id).queryKey}
          labels={Object.fromEntries(
            formFields(type).map((field) => [wireName(type, field.key), field.label]),
          )}
          onRestored={() => setRestores((count) => count + 1)}
        />
      )}
    </>
  );
}

function FormHeader<P extends string, X extends string>({
  type,
  title,
}: ContentFormProps<P, X> & { title: string }) {
  return (
    <PageHeader
      title={title}
      back={<BackLink to={adminPath(type.slug)}>{`Back to ${type.many}`}</BackLink>}
    />
  );
}

function ContentForm<P extends string, X extends string>({
  type,
  title,
  record,
  site,
}: ContentFormProps<P, X> & {
  title: string;
  record?: ContentRecord<P, X>;
  site: SiteLanguages;
}) {
  const form = useContentForm(type, record, site.others);
  const [chosen, setChosen] = useState(site.defaultLanguage);
  // A language taken off the site while the form is open goes back to the default.
  const language = site.others.includes(chosen) ? chosen : site.defaultLanguage;
  const translating = language !== site.defaultLanguage;
  const notes = useTranslationNotes(type, form, site.others);
  useShowLanguageOfErrors(form, language, site.defaultLanguage, setChosen);
  const categories = useContentCategories(type);
  const options = mergeCategories(type.defaultCategories, categories.data ?? []);
  const { formState } = form;
  const summary = form.summary((path) => describePath(type, path));

  return (
    <>
      <FormHeader type={type} title={title} />
      <form className="adm-form adm-card" noValidate onSubmit={form.submit}>
        <FormError
          title={`The ${type.one} was not saved`}
          message={summary.length === 0 ? form.message : undefined}
          errors={summary}
        />
        <DraftNotice
          draft={form.draft}
          what={record ? `this ${type.one}` : `the new ${type.one}`}
        />
        <LanguagePicker
          languages={site.languages}
          value={language}
          onChange={setChosen}
          notes={notes}
          what={`the ${type.one}`}
        />
        {translating ? (
          <>
            <ContentTranslation
              type={type}
              form={form}
              code={language}
              defaultLanguage={site.defaultLanguage}
              defaultSlug={record?.slug}
            />
            <p className="vt-field__hint">
              {`The value, photos, publishing and featuring are the same in every language: choose ${languageName(site.defaultLanguage)} to change them.`}
            </p>
          </>
        ) : (
          <DefaultLanguageFields type={type} form={form} options={options} record={record} />
        )}
        {form.progress !== null && (
          <UploadProgress fraction={form.progress} label={`Saving the ${type.one}`} />
        )}
        <FormActions
          busy={formState.isSubmitting}
          saveLabel={record ? `Save ${type.one}` : `Add ${type.one}`}
          cancelTo={adminPath(type.slug)}
        >
          <PreviewButton type={type} id={record?._id} form={form} />
          {record && (type.slug === 'product' || type.slug === 'service') && (
            <ShareButton kind={type.slug} id={record._id} what={type.one} />
          )}
        </FormActions>
      </form>
    </>
  );
}

/** The form's fields in the default language: the record's own, as before languages. */
function DefaultLanguageFields<P extends string, X extends string>({
  type,
  form,
  options,
  record,
}: {
  type: ContentType<P, X>;
  form: ContentEditorForm;
  options: readonly string[];
  record?: ContentRecord<P, X>;
}) {
  const { control, register, formState } = form;
  return (
    <>
      <ContentFields type={type} form={form} categories={options} currentSlug={record?.slug} />
      <Controller
        control={control}
        name="photos"
        render={({ field }) => (
          <PhotosField
            id={`${type.slug}-photos`}
            what={type.one}
            value={field.value}
            onChange={field.onChange}
            altErrors={field.value.map(
              (_, index) => formState.errors.photos?.[index]?.alt?.message,
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="fields.Description"
        render={({ field, fieldState }) => (
          <RichTextEditor
            id={fieldId(type, 'Description')}
            label="Description"
            placeholder={type.descriptionPlaceholder}
            value={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
          />
        )}
      />
      <p className="vt-field__hint adm-editor-hint">
        Images in the description: upload one, or add it by its https:// address.
      </p>
      <Checkbox
        id={fieldId(type, 'published')}
        label="Published (visible on the site)"
        error={formState.errors.published?.message}
        {...register('published')}
      />
      <TextField
        id={fieldId(type, 'publishAt')}
        type="datetime-local"
        label="Publish at (optional)"
        hint={`Leave empty to show the ${type.one} as soon as it is published; otherwise visitors see it from then on (your local time).`}
        error={formState.errors.publishAt?.message}
        {...register('publishAt')}
      />
      <Checkbox
        id={fieldId(type, 'featured')}
        label={`Featured (on the home and About pages)`}
        error={formState.errors.featured?.message}
        {...register('featured')}
      />
    </>
  );
}

/** Per language, "2 missing" or "complete", as the form stands now. */
function useTranslationNotes<P extends string, X extends string>(
  type: ContentType<P, X>,
  form: ContentEditorForm,
  languages: readonly string[],
): Record<string, string> {
  const [fields, translations, photos] = useWatch({
    control: form.control,
    name: ['fields', 'translations', 'photos'],
  });
  return Object.fromEntries(
    languages.map((code) => {
      const missing = missingTranslations(
        translatableFields(type),
        fields,
        translations?.[code],
        photos,
        code,
      );
      return [code, missing.length === 0 ? 'complete' : `${missing.length} missing`];
    }),
  );
}

/**
 * After a refused save, shows the language the messages are about: the one shown if any
 * message is there, else the first message's (the default language's fields, or one
 * translation), so the summary's links reach their fields.
 */
function useShowLanguageOfErrors(
  form: ContentEditorForm,
  shown: string,
  defaultLanguage: string,
  show: (code: string) => void,
) {
  const paths = fieldMessages(form.formState.errors).map(([path]) => path);
  const key = paths.join('|');
  useEffect(() => {
    if (!key) return;
    const languages = key.split('|').map((path) => languageOfPath(path) ?? defaultLanguage);
    if (!languages.includes(shown)) show(languages[0]);
    // Only a new set of messages moves the view; choosing a language afterwards stays.
  }, [key]);
}
