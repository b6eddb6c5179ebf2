import type { Review } from '@vitrine/api-client';
import {
  Checkbox,
  ErrorState,
  FormError,
  LoadingState,
  TextArea,
  TextField,
  useToast,
} from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { adminPath } from '../../../lib/paths';
import { createReview } from '../api/create-review';
import { useReview } from '../api/get-review';
import { MAX_REVIEW_IMAGES, type ReviewValues } from '../api/review-form-data';
import { updateReview } from '../api/update-review';
import { ReviewImagesEditor, type ReviewImages } from './ReviewImagesEditor';

const LIST = adminPath('review');

type Errors = Partial<Record<keyof ReviewValues | 'images', string>>;

const fieldId = (name: keyof Errors) => `review-${name}`;

/** /admin/add-review and /admin/edit-review/:id. */
export function ReviewFormPage() {
  const { id } = useParams();
  const review = useReview(id);
  const title = id ? 'Edit Review' : 'Add Review';
  if (id && !review.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to reviews</BackLink>} />
        {review.error ? (
          <ErrorState
            title="The review could not be loaded"
            message={errorMessage(review.error)}
            onRetry={review.refetch}
          />
        ) : (
          <LoadingState label="Loading the review…" />
        )}
      </>
    );
  }
  return <ReviewForm key={id ?? 'new'} title={title} review={id ? review.data : undefined} />;
}

function ReviewForm({ title, review }: { title: string; review?: Review }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<ReviewValues>({
    ClientName: review?.ClientName ?? '',
    ClientReview: review?.ClientReview ?? '',
    published: review?.published ?? true,
  });
  const [images, setImages] = useState<ReviewImages>(() => ({
    current: (review?.ClientImage ?? []).map((name, index) => ({
      name,
      media: review?.media[index],
    })),
    added: [],
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  function set<K extends keyof ReviewValues>(name: K, value: ReviewValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (!values.ClientName.trim()) found.ClientName = 'Enter the client’s name';
    if (!values.ClientReview.trim()) found.ClientReview = 'Enter what the client said';
    if (images.current.length + images.added.length > MAX_REVIEW_IMAGES)
      found.images = `A review can have at most ${MAX_REVIEW_IMAGES} photos`;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    const files = images.added.map((image) => image.file);
    setProgress(0);
    try {
      if (review) {
        const keep = images.current.map((image) => image.name);
        await updateReview(review._id, values, keep, files, setProgress);
      } else {
        await createReview(values, files, setProgress);
      }
    } catch (error) {
      setProgress(null);
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error);
      setErrors({
        ClientName: fields.ClientName,
        ClientReview: fields.ClientReview ?? fields.ClientReviews,
        images:
          fields.serviceimg ??
          fields.keepImages ??
          ([413, 415].includes((error as { status?: number }).status ?? 0)
            ? errorMessage(error)
            : undefined),
      });
      setMessage(errorMessage(error, 'The review was not saved'));
      toast.error(`The review was not saved: ${errorMessage(error)}`);
      return;
    }
    toast.success(review ? 'Review saved' : 'Review added');
    navigate(LIST);
  }

  const summary = (
    [
      ['ClientName', 'Client name'],
      ['ClientReview', 'Review'],
      ['images', 'Photos'],
    ] as const
  )
    .filter(([name]) => errors[name])
    .map(([name, label]) => ({ message: `${label}: ${errors[name]}`, fieldId: fieldId(name) }));

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to reviews</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title="The review was not saved"
          message={summary.length === 0 ? message : undefined}
          errors={summary}
        />
        <TextField
          id={fieldId('ClientName')}
          label="Client name"
          required
          maxLength={80}
          value={values.ClientName}
          error={errors.ClientName}
          onChange={(e) => set('ClientName', e.target.value)}
        />
        <TextArea
          id={fieldId('ClientReview')}
          label="Review"
          hint="In the client’s words; up to 2000 characters"
          required
          maxLength={2000}
          rows={5}
          value={values.ClientReview}
          error={errors.ClientReview}
          onChange={(e) => set('ClientReview', e.target.value)}
        />
        <div id={fieldId('images')} tabIndex={-1}>
          <ReviewImagesEditor
            value={images}
            onChange={(next) => {
              setImages(next);
              setErrors((current) => ({ ...current, images: undefined }));
            }}
            max={MAX_REVIEW_IMAGES}
            error={errors.images}
          />
        </div>
        <Checkbox
          id={fieldId('published')}
          label="Published (visible on the reviews page)"
          checked={values.published}
          onChange={(e) => set('published', e.target.checked)}
        />
        {progress !== null && <UploadProgress fraction={progress} label="Saving the review" />}
        <FormActions
          busy={progress !== null}
          saveLabel={review ? 'Save review' : 'Add review'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}
