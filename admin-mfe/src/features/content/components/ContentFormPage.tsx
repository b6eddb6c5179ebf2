import { Checkbox, FormError, TextField } from '@vitrine/ui';
import { Controller } from 'react-hook-form';
import { useState } from 'react';
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
import { adminPath } from '../../../lib/paths';
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
import { useContentForm } from '../hooks/useContentForm';
import { ContentFields } from './ContentFields';
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
  // A new key starts a fresh form when going from one record (or from adding) to another.
  return (
    <>
      <ContentForm
        key={`${id ?? 'new'}:${restores}`}
        type={type}
        title={title}
        record={id ? record.data : undefined}
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
}: ContentFormProps<P, X> & { title: string; record?: ContentRecord<P, X> }) {
  const form = useContentForm(type, record);
  const categories = useContentCategories(type);
  const options = mergeCategories(type.defaultCategories, categories.data ?? []);
  const { control, register, formState } = form;
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
