import type { Service } from '@vitrine/api-client';
import { DEFAULT_SERVICE_CATEGORIES } from '@vitrine/contracts';
import { Checkbox, ErrorState, FormError, LoadingState, TextField, useToast } from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { CategorySelect, mergeCategories } from '../../../components/CategorySelect';
import { FormActions } from '../../../components/FormActions';
import { ImageField } from '../../../components/ImageField';
import { PageHeader } from '../../../components/PageHeader';
import { RichTextEditor } from '../../../components/rich-text';
import { uploadEditorImage } from '../../../lib/media';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { adminPath } from '../../../lib/paths';
import { createService } from '../api/create-service';
import { useService } from '../api/get-service';
import { useServiceCategories } from '../api/get-service-categories';
import type { ServiceValues } from '../api/service-form-data';
import { updateService } from '../api/update-service';

const LIST = adminPath('service');

type Errors = Partial<Record<keyof ServiceValues | 'Userimg', string>>;

const LABELS: Record<keyof Errors, string> = {
  ServiceName: 'Name',
  ServiceCategory: 'Category',
  ServicePrice: 'Value',
  ServiceHeading: 'Heading',
  ServiceDescription: 'Description',
  ServiceStatus: 'Status',
  published: 'Published',
  Userimg: 'Image',
};

const fieldId = (name: keyof Errors) => `service-${name}`;

/** /admin/add-service and /admin/edit-service/:id. */
export function ServiceFormPage() {
  const { id } = useParams();
  const service = useService(id);
  const title = id ? 'Edit Service' : 'Add Service';
  if (id && !service.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to services</BackLink>} />
        {service.error ? (
          <ErrorState
            title="The service could not be loaded"
            message={errorMessage(service.error)}
            onRetry={service.refetch}
          />
        ) : (
          <LoadingState label="Loading the service…" />
        )}
      </>
    );
  }
  return <ServiceForm key={id ?? 'new'} title={title} service={id ? service.data : undefined} />;
}

function initialValues(p?: Service): ServiceValues {
  return {
    ServiceName: p?.ServiceName ?? '',
    ServiceCategory: p?.ServiceCategory ?? '',
    ServicePrice:
      p?.ServicePrice === undefined || p.ServicePrice === null ? '' : String(p.ServicePrice),
    ServiceHeading: p?.ServiceHeading ?? '',
    ServiceDescription: p?.ServiceDescription ?? '',
    ServiceStatus: p?.ServiceStatus ?? '',
    published: p?.published ?? true,
  };
}

export function validateService(values: ServiceValues): Errors {
  const errors: Errors = {};
  if (!values.ServiceName.trim()) errors.ServiceName = 'Enter the service name';
  if (!values.ServiceCategory.trim()) errors.ServiceCategory = 'Choose a category or add a new one';
  const price = values.ServicePrice.trim();
  if (price && (!Number.isFinite(Number(price)) || Number(price) < 0))
    errors.ServicePrice = 'Value must be a number, 0 or more';
  return errors;
}

function ServiceForm({ title, service }: { title: string; service?: Service }) {
  const navigate = useNavigate();
  const toast = useToast();
  const categories = useServiceCategories();
  const [values, setValues] = useState<ServiceValues>(() => initialValues(service));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const options = mergeCategories(
    DEFAULT_SERVICE_CATEGORIES,
    (categories.data ?? []).map((c) => c.ServiceCategory),
  );

  function set<K extends keyof ServiceValues>(name: K, value: ServiceValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateService(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    setProgress(0);
    try {
      if (service) await updateService(service._id, values, image, setProgress);
      else await createService(values, image, setProgress);
    } catch (error) {
      setProgress(null);
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error) as Errors;
      const status = (error as { status?: number }).status;
      // The media pipeline refuses a file as a whole: too big (413) or not an image (415).
      if ((status === 413 || status === 415) && image) fields.Userimg = errorMessage(error);
      setErrors(fields);
      setMessage(errorMessage(error, 'The service was not saved'));
      toast.error(`The service was not saved: ${errorMessage(error)}`);
      return;
    }
    toast.success(service ? 'Service saved' : 'Service added');
    navigate(LIST);
  }

  const summary = (Object.keys(LABELS) as (keyof Errors)[])
    .filter((name) => errors[name])
    .map((name) => ({ message: `${LABELS[name]}: ${errors[name]}`, fieldId: fieldId(name) }));

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to services</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title="The service was not saved"
          message={summary.length === 0 ? message : undefined}
          errors={summary}
        />
        <div className="adm-form__grid">
          <TextField
            id={fieldId('ServiceName')}
            label="Name"
            required
            maxLength={120}
            value={values.ServiceName}
            error={errors.ServiceName}
            onChange={(e) => set('ServiceName', e.target.value)}
          />
          <CategorySelect
            id={fieldId('ServiceCategory')}
            label="Category"
            required
            options={options}
            value={values.ServiceCategory}
            error={errors.ServiceCategory}
            onChange={(value) => set('ServiceCategory', value)}
          />
          <TextField
            id={fieldId('ServicePrice')}
            label="Value (₹)"
            hint="The price or starting fee in rupees; leave empty if none"
            inputMode="decimal"
            value={values.ServicePrice}
            error={errors.ServicePrice}
            onChange={(e) => set('ServicePrice', e.target.value)}
          />
          <TextField
            id={fieldId('ServiceStatus')}
            label="Status"
            hint="Free text, e.g. Taking projects"
            maxLength={60}
            list="service-status-suggestions"
            value={values.ServiceStatus}
            error={errors.ServiceStatus}
            onChange={(e) => set('ServiceStatus', e.target.value)}
          />
          <datalist id="service-status-suggestions">
            <option value="Taking projects" />
            <option value="Booked until next month" />
            <option value="On request" />
          </datalist>
          <TextField
            id={fieldId('ServiceHeading')}
            label="Heading"
            wrapperClassName="adm-form__wide"
            maxLength={200}
            value={values.ServiceHeading}
            error={errors.ServiceHeading}
            onChange={(e) => set('ServiceHeading', e.target.value)}
          />
        </div>
        <ImageField
          label="Image"
          hint="JPEG, PNG, WebP, AVIF or GIF. It is resized for every screen."
          current={service?.media}
          file={image}
          onFileChange={(file) => {
            setImage(file);
            setErrors((current) => ({ ...current, Userimg: undefined }));
          }}
          error={errors.Userimg}
        />
        <RichTextEditor
          id={fieldId('ServiceDescription')}
          label="Description"
          placeholder="What the service includes, how it works, what it costs…"
          value={values.ServiceDescription}
          error={errors.ServiceDescription}
          onChange={(html) => set('ServiceDescription', html)}
          onUploadImage={uploadEditorImage}
        />
        <p className="vt-field__hint adm-editor-hint">
          Images in the description: upload one, or add it by its https:// address.
        </p>
        <Checkbox
          id={fieldId('published')}
          label="Published (visible on the site)"
          checked={values.published}
          onChange={(e) => set('published', e.target.checked)}
        />
        {progress !== null && <UploadProgress fraction={progress} label="Saving the service" />}
        <FormActions
          busy={progress !== null}
          saveLabel={service ? 'Save service' : 'Add service'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}
