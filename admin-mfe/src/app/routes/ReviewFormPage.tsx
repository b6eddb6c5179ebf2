import type { Review } from '@vitrine/api-client';
import {
  bindField,
  Checkbox,
  FormError,
  SelectField,
  TextArea,
  TextField,
  type FieldMessages,
} from '@vitrine/ui';
import { useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { DraftNotice } from '../../components/DraftNotice';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { PhotosField, photoAltId } from '../../components/media-picker/PhotosField';
import { useAdminForm } from '../../lib/forms/use-admin-form';
import { listAddress } from '../../lib/list-return';
import { adminPath } from '../../lib/paths';
import { languageName, useSiteLanguages, type SiteLanguages } from '../../lib/site-languages';
import { HistoryPanel } from '../../components/history/HistoryPanel';
import { createReview } from '../../features/reviews/api/create-review';
import { reviewQueryOptions, useReview } from '../../features/reviews/api/get-review';
import { MAX_REVIEW_IMAGES, type ReviewValues } from '../../features/reviews/api/review-form-data';
import { updateReview } from '../../features/reviews/api/update-review';

const LIST = adminPath('review');

type ReviewFormValues = ReviewValues;

const fieldId = (name: keyof ReviewFormValues) => `review-${name}`;
const PHOTO_ALT = /^photos\.(\d+)\.alt$/;

/** /admin/add-review and /admin/edit-review/:id. */
export function ReviewFormPage() {
  const { id } = useParams();
  const review = useReview(id);
  const site = useSiteLanguages();
  // Bumped by a restore from the history: the form starts again from the restored version.
  const [restores, setRestores] = useState(0);
  const title = id ? 'Edit Review' : 'Add Review';
  if (id && !review.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to reviews</BackLink>} />
        <QueryStatus query={review} what="the review" />
      </>
    );
  }

  return (
    <>
      <ReviewForm
        key={`${id ?? 'new'}:${restores}`}
        title={title}
        review={id ? review.data : undefined}
        site={site}
      />
      {id && (
        <HistoryPanel
          target={{ entity: 'review', id }}
          what="review"
          itemKey={reviewQueryOptions(id).queryKey}
          labels={{
            ClientName: 'Client name',
            ClientReview: 'Review',
            ClientReviews: 'Review',
            photos: 'Photos',
          }}
          onRestored={() => setRestores((count) => count + 1)}
        />
      )}
    </>
  );
}

const LABELS: Record<string, string> = {
  ClientName: 'Client name',
  language: 'Language',
  ClientReview: 'Review',
  photos: 'Photos',
};

/** A field's label and element id for the error summary; each photo's alt text its own. */
function describe(path: string) {
  const photo = PHOTO_ALT.exec(path);
  if (photo) {
    const index = Number(photo[1]);
    return {
      label: `Alt text of photo ${index + 1}`,
      fieldId: photoAltId(fieldId('photos'), index),
      rank: 4 + index,
    };
  }
  const rank = Object.keys(LABELS).indexOf(path);
  if (rank < 0) return undefined;
  return { label: LABELS[path], fieldId: fieldId(path as keyof ReviewFormValues), rank };
}

/** The API's field names for what the form calls `ClientReview` and `photos`. */
function pathOf(apiField: string): FieldPath<ReviewFormValues> | undefined {
  if (
    apiField === 'ClientName' ||
    apiField === 'published' ||
    apiField === 'featured' ||
    apiField === 'language'
  )
    return apiField;
  if (apiField === 'ClientReview' || apiField === 'ClientReviews') return 'ClientReview';
  if (PHOTO_ALT.test(apiField)) return apiField as FieldPath<ReviewFormValues>;
  if (apiField.startsWith('photos') || apiField === 'serviceimg' || apiField === 'keepImages')
    return 'photos';
  return undefined;
}

function checkReview(values: ReviewFormValues): FieldMessages {
  const messages: FieldMessages = {
    ClientName: values.ClientName.trim() ? undefined : 'Enter the client’s name',
    ClientReview: values.ClientReview.trim() ? undefined : 'Enter what the client said',
    photos:
      values.photos.length > MAX_REVIEW_IMAGES
        ? `A review can have at most ${MAX_REVIEW_IMAGES} photos`
        : undefined,
  };
  values.photos.forEach((photo, index) => {
    if (!photo.alt.trim())
      messages[`photos.${index}.alt`] = `Describe photo ${index + 1} for people who cannot see it`;
  });
  return messages;
}

/** A review as the API answers it, with the language its client wrote in (issue 36). */
type ReviewRecord = Review & { language?: string };

function ReviewForm({
  title,
  review,
  site,
}: {
  title: string;
  review?: ReviewRecord;
  site: SiteLanguages;
}) {
  const multilingual = site.languages.length > 1;
  const navigate = useNavigate();
  const form = useAdminForm<ReviewFormValues>({
    defaultValues: {
      ClientName: review?.ClientName ?? '',
      ClientReview: review?.ClientReview ?? '',
      published: review?.published ?? true,
      featured: review?.featured ?? false,
      photos: (review?.photos ?? []).map(({ mediaId, alt, media }) => ({ mediaId, alt, media })),
      // '' until chosen: the site's default language (which may arrive after the form).
      language: review?.language ?? '',
    },
    rules: checkReview,
    failure: 'The review was not saved',
    pathOf,
    draft: { key: `review:${review?._id ?? 'new'}`, base: review?.updatedAt },
  });
  const { register, control, formState } = form;
  const language = form.watch('language') || site.defaultLanguage;
  // A review in a language since taken off the site keeps it until another is chosen.
  const languages =
    language && !site.languages.includes(language) ? [...site.languages, language] : site.languages;

  const handleSubmit = form.submitWith(async (values) => {
    let savedId = review?._id;
    // A site with one language sends none, as before languages existed.
    const sent = {
      ...values,
      language: multilingual ? values.language || site.defaultLanguage : '',
    };
    if (review) await updateReview(review._id, sent);
    else savedId = (await createReview(sent))._id;
    form.toastSaved(review ? 'Review saved' : 'Review added');
    navigate(listAddress(LIST), { state: { savedId } });
  });

  const summary = form.summary(describe);

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to reviews</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title="The review was not saved"
          message={summary.length === 0 ? form.message : undefined}
          errors={summary}
        />
        <DraftNotice draft={form.draft} what={review ? 'this review' : 'the new review'} />
        <TextField
          label="Client name"
          required
          maxLength={80}
          {...bindField(form, 'ClientName', fieldId('ClientName'))}
        />
        {multilingual && (
          <Controller
            control={control}
            name="language"
            render={({ field, fieldState }) => (
              <SelectField
                id={fieldId('language')}
                label="Language"
                hint="The language the client wrote in: reviews are shown as written, in every language of the site"
                options={languages.map((code) => ({
                  value: code,
                  label: site.languages.includes(code)
                    ? languageName(code)
                    : `${languageName(code)} (no longer a site language)`,
                }))}
                error={fieldState.error?.message}
                name={field.name}
                ref={field.ref}
                value={language}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value)}
              />
            )}
          />
        )}
        <TextArea
          label="Review"
          hint="In the client’s words; up to 2000 characters"
          required
          maxLength={2000}
          rows={5}
          lang={multilingual ? language : undefined}
          {...bindField(form, 'ClientReview', fieldId('ClientReview'))}
        />
        <div id={fieldId('photos')} tabIndex={-1}>
          <Controller
            control={control}
            name="photos"
            render={({ field, fieldState }) => (
              <>
                <PhotosField
                  id={fieldId('photos')}
                  what="review"
                  withCover={false}
                  max={MAX_REVIEW_IMAGES}
                  value={field.value}
                  onChange={field.onChange}
                  altErrors={field.value.map(
                    (_, index) => formState.errors.photos?.[index]?.alt?.message,
                  )}
                />
                {fieldState.error?.message && (
                  <p className="vt-field__error" role="alert">
                    {fieldState.error.message}
                  </p>
                )}
              </>
            )}
          />
        </div>
        <Checkbox
          id={fieldId('published')}
          label="Published (visible on the reviews page)"
          {...register('published')}
        />
        <Checkbox
          id={fieldId('featured')}
          label="Featured (on the home page)"
          {...register('featured')}
        />
        <FormActions
          busy={formState.isSubmitting}
          saveLabel={review ? 'Save review' : 'Add review'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}
