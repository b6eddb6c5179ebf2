import type { Review } from '@vitrine/api-client';
import { Checkbox, ErrorState, FormError, LoadingState, TextArea, TextField } from '@vitrine/ui';
import { useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { DraftNotice } from '../../../components/DraftNotice';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage } from '../../../lib/errors';
import type { FieldMessages } from '../../../lib/forms/form-errors';
import { useAdminForm } from '../../../lib/forms/use-admin-form';
import { listAddress } from '../../../lib/list-return';
import { adminPath } from '../../../lib/paths';
import { HistoryPanel } from '../../history/components/HistoryPanel';
import { createReview } from '../api/create-review';
import { reviewQueryOptions, useReview } from '../api/get-review';
import { MAX_REVIEW_IMAGES, type ReviewValues } from '../api/review-form-data';
import { updateReview } from '../api/update-review';
import { ReviewImagesEditor, type ReviewImages } from './ReviewImagesEditor';

const LIST = adminPath('review');

interface ReviewFormValues extends ReviewValues {
  images: ReviewImages;
}

const fieldId = (name: keyof ReviewFormValues) => `review-${name}`;

/** /admin/add-review and /admin/edit-review/:id. */
export function ReviewFormPage() {
  const { id } = useParams();
  const review = useReview(id);
  // Bumped by a restore from the history: the form starts again from the restored version.
  const [restores, setRestores] = useState(0);
  const title = id ? 'Edit Review' : 'Add Review';
  if (id && !review.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to reviews</BackLink>} />
        {review.error ? (
          <ErrorState
            title="The review could not be loaded"
            message={errorMessage(review.error)}
            onRetry={() => void review.refetch()}
          />
        ) : (
          <LoadingState label="Loading the review…" />
        )}
      </>
    );
  }
  return (
    <>
      <ReviewForm
        key={`${id ?? 'new'}:${restores}`}
        title={title}
        review={id ? review.data : undefined}
      />
      {id && (
        <HistoryPanel
          target={{ entity: 'review', id }}
          what="review"
          itemKey={reviewQueryOptions(id).queryKey}
          labels={{ ClientName: 'Client name', ClientReview: 'Review', ClientReviews: 'Review' }}
          onRestored={() => setRestores((count) => count + 1)}
        />
      )}
    </>
  );
}

const LABELS: Record<string, string> = {
  ClientName: 'Client name',
  ClientReview: 'Review',
  images: 'Photos',
};

/** The API's field names for what the form calls `ClientReview` and `images`. */
function pathOf(apiField: string): FieldPath<ReviewFormValues> | undefined {
  if (apiField === 'ClientName' || apiField === 'published' || apiField === 'featured')
    return apiField;
  if (apiField === 'ClientReview' || apiField === 'ClientReviews') return 'ClientReview';
  if (apiField === 'serviceimg' || apiField === 'keepImages') return 'images';
  return undefined;
}

function checkReview(values: ReviewFormValues): FieldMessages {
  const { current, added } = values.images;
  return {
    ClientName: values.ClientName.trim() ? undefined : 'Enter the client’s name',
    ClientReview: values.ClientReview.trim() ? undefined : 'Enter what the client said',
    images:
      current.length + added.length > MAX_REVIEW_IMAGES
        ? `A review can have at most ${MAX_REVIEW_IMAGES} photos`
        : undefined,
  };
}

function ReviewForm({ title, review }: { title: string; review?: Review }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useAdminForm<ReviewFormValues>({
    defaultValues: {
      ClientName: review?.ClientName ?? '',
      ClientReview: review?.ClientReview ?? '',
      published: review?.published ?? true,
      featured: review?.featured ?? false,
      images: {
        current: (review?.ClientImage ?? []).map((name, index) => ({
          name,
          media: review?.media[index],
        })),
        added: [],
      },
    },
    rules: checkReview,
    failure: 'The review was not saved',
    pathOf,
    draft: {
      key: `review:${review?._id ?? 'new'}`,
      base: review?.updatedAt,
      // The order of the current photos is kept; new photos (files) cannot be.
      store: ({ images, ...kept }) => ({ ...kept, current: images.current }),
      restore(stored, current) {
        const { current: photos, ...kept } = stored as ReviewValues & {
          current: ReviewImages['current'];
        };
        return { ...current, ...kept, images: { ...current.images, current: photos } };
      },
    },
    onRefused(error, { setError }) {
      // The media pipeline refuses a file as a whole: too big (413) or not an image (415).
      const status = (error as { status?: number }).status;
      if (status === 413 || status === 415)
        setError('images', { type: 'server', message: errorMessage(error) });
    },
  });
  const { register, control, formState } = form;

  const handleSubmit = form.submitWith(async ({ images, ...values }) => {
    const files = images.added.map((image) => image.file);
    setProgress(0);
    let savedId = review?._id;
    try {
      if (review) {
        const keep = images.current.map((image) => image.name);
        await updateReview(review._id, values, keep, files, setProgress);
      } else {
        savedId = (await createReview(values, files, setProgress))._id;
      }
    } finally {
      setProgress(null);
    }
    form.toastSaved(review ? 'Review saved' : 'Review added');
    navigate(listAddress(LIST), { state: { savedId } });
  });

  const summary = form.summary((path) => ({
    label: LABELS[path],
    fieldId: fieldId(path as keyof ReviewFormValues),
  }));

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
          id={fieldId('ClientName')}
          label="Client name"
          required
          maxLength={80}
          error={formState.errors.ClientName?.message}
          {...register('ClientName')}
        />
        <TextArea
          id={fieldId('ClientReview')}
          label="Review"
          hint="In the client’s words; up to 2000 characters"
          required
          maxLength={2000}
          rows={5}
          error={formState.errors.ClientReview?.message}
          {...register('ClientReview')}
        />
        <div id={fieldId('images')} tabIndex={-1}>
          <Controller
            control={control}
            name="images"
            render={({ field, fieldState }) => (
              <ReviewImagesEditor
                value={field.value}
                onChange={field.onChange}
                max={MAX_REVIEW_IMAGES}
                error={fieldState.error?.message}
              />
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
        {progress !== null && <UploadProgress fraction={progress} label="Saving the review" />}
        <FormActions
          busy={formState.isSubmitting}
          saveLabel={review ? 'Save review' : 'Add review'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}
