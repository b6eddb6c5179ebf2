import type { Product } from '@vitrine/api-client';
import { DEFAULT_PRODUCT_CATEGORIES } from '@vitrine/contracts';
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
import { createProduct } from '../api/create-product';
import { useProduct } from '../api/get-product';
import { useProductCategories } from '../api/get-product-categories';
import type { ProductValues } from '../api/product-form-data';
import { updateProduct } from '../api/update-product';

const LIST = adminPath('product');

type Errors = Partial<Record<keyof ProductValues | 'Userimg', string>>;

const LABELS: Record<keyof Errors, string> = {
  ProductName: 'Name',
  ProductCategory: 'Category',
  ProductPrice: 'Value',
  ProductHeading: 'Heading',
  ProductDescription: 'Description',
  ProductStatus: 'Status',
  ProductClient: 'Client',
  ProductLocation: 'Location',
  ProductSize: 'Size',
  published: 'Published',
  Userimg: 'Image',
};

const fieldId = (name: keyof Errors) => `product-${name}`;

/** /admin/add-product and /admin/edit-product/:id. */
export function ProductFormPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const title = id ? 'Edit Project' : 'Add Project';
  if (id && !product.data) {
    return (
      <>
        <PageHeader title={title} back={<BackLink to={LIST}>Back to projects</BackLink>} />
        {product.error ? (
          <ErrorState
            title="The project could not be loaded"
            message={errorMessage(product.error)}
            onRetry={product.refetch}
          />
        ) : (
          <LoadingState label="Loading the project…" />
        )}
      </>
    );
  }
  return <ProductForm key={id ?? 'new'} title={title} product={id ? product.data : undefined} />;
}

function initialValues(p?: Product): ProductValues {
  return {
    ProductName: p?.ProductName ?? '',
    ProductCategory: p?.ProductCategory ?? '',
    ProductPrice:
      p?.ProductPrice === undefined || p.ProductPrice === null ? '' : String(p.ProductPrice),
    ProductHeading: p?.ProductHeading ?? '',
    ProductDescription: p?.ProductDescription ?? '',
    ProductStatus: p?.ProductStatus ?? '',
    ProductClient: p?.ProductClient ?? '',
    ProductLocation: p?.ProductLocation ?? '',
    ProductSize: p?.ProductSize ?? '',
    published: p?.published ?? true,
  };
}

export function validateProduct(values: ProductValues): Errors {
  const errors: Errors = {};
  if (!values.ProductName.trim()) errors.ProductName = 'Enter the project name';
  if (!values.ProductCategory.trim()) errors.ProductCategory = 'Choose a category or add a new one';
  const price = values.ProductPrice.trim();
  if (price && (!Number.isFinite(Number(price)) || Number(price) < 0))
    errors.ProductPrice = 'Value must be a number, 0 or more';
  return errors;
}

function ProductForm({ title, product }: { title: string; product?: Product }) {
  const navigate = useNavigate();
  const toast = useToast();
  const categories = useProductCategories();
  const [values, setValues] = useState<ProductValues>(() => initialValues(product));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const options = mergeCategories(
    DEFAULT_PRODUCT_CATEGORIES,
    (categories.data ?? []).map((c) => c.ProductCategory),
  );

  function set<K extends keyof ProductValues>(name: K, value: ProductValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateProduct(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    setProgress(0);
    try {
      if (product) await updateProduct(product._id, values, image, setProgress);
      else await createProduct(values, image, setProgress);
    } catch (error) {
      setProgress(null);
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error) as Errors;
      const status = (error as { status?: number }).status;
      // The media pipeline refuses a file as a whole: too big (413) or not an image (415).
      if ((status === 413 || status === 415) && image) fields.Userimg = errorMessage(error);
      setErrors(fields);
      setMessage(errorMessage(error, 'The project was not saved'));
      toast.error(`The project was not saved: ${errorMessage(error)}`);
      return;
    }
    toast.success(product ? 'Project saved' : 'Project added');
    navigate(LIST);
  }

  const summary = (Object.keys(LABELS) as (keyof Errors)[])
    .filter((name) => errors[name])
    .map((name) => ({ message: `${LABELS[name]}: ${errors[name]}`, fieldId: fieldId(name) }));

  return (
    <>
      <PageHeader title={title} back={<BackLink to={LIST}>Back to projects</BackLink>} />
      <form className="adm-form adm-card" noValidate onSubmit={handleSubmit}>
        <FormError
          title="The project was not saved"
          message={summary.length === 0 ? message : undefined}
          errors={summary}
        />
        <div className="adm-form__grid">
          <TextField
            id={fieldId('ProductName')}
            label="Name"
            required
            maxLength={120}
            value={values.ProductName}
            error={errors.ProductName}
            onChange={(e) => set('ProductName', e.target.value)}
          />
          <CategorySelect
            id={fieldId('ProductCategory')}
            label="Category"
            required
            options={options}
            value={values.ProductCategory}
            error={errors.ProductCategory}
            onChange={(value) => set('ProductCategory', value)}
          />
          <TextField
            id={fieldId('ProductPrice')}
            label="Value (₹)"
            hint="The price or project value in rupees; leave empty if none"
            inputMode="decimal"
            value={values.ProductPrice}
            error={errors.ProductPrice}
            onChange={(e) => set('ProductPrice', e.target.value)}
          />
          <TextField
            id={fieldId('ProductStatus')}
            label="Status"
            hint="Free text, e.g. Completed or In progress"
            maxLength={60}
            list="product-status-suggestions"
            value={values.ProductStatus}
            error={errors.ProductStatus}
            onChange={(e) => set('ProductStatus', e.target.value)}
          />
          <datalist id="product-status-suggestions">
            <option value="Completed" />
            <option value="In progress" />
            <option value="In stock" />
            <option value="Made to order" />
          </datalist>
          <TextField
            id={fieldId('ProductHeading')}
            label="Heading"
            wrapperClassName="adm-form__wide"
            maxLength={200}
            value={values.ProductHeading}
            error={errors.ProductHeading}
            onChange={(e) => set('ProductHeading', e.target.value)}
          />
          <TextField
            id={fieldId('ProductClient')}
            label="Client"
            maxLength={120}
            value={values.ProductClient}
            error={errors.ProductClient}
            onChange={(e) => set('ProductClient', e.target.value)}
          />
          <TextField
            id={fieldId('ProductLocation')}
            label="Location"
            maxLength={120}
            value={values.ProductLocation}
            error={errors.ProductLocation}
            onChange={(e) => set('ProductLocation', e.target.value)}
          />
          <TextField
            id={fieldId('ProductSize')}
            label="Size"
            hint="e.g. 2,400 sq ft or 44 in width"
            maxLength={120}
            value={values.ProductSize}
            error={errors.ProductSize}
            onChange={(e) => set('ProductSize', e.target.value)}
          />
        </div>
        <ImageField
          label="Image"
          hint="JPEG, PNG, WebP, AVIF or GIF. It is resized for every screen."
          current={product?.media}
          file={image}
          onFileChange={(file) => {
            setImage(file);
            setErrors((current) => ({ ...current, Userimg: undefined }));
          }}
          error={errors.Userimg}
        />
        <RichTextEditor
          id={fieldId('ProductDescription')}
          label="Description"
          placeholder="What was made, for whom, and what makes it special…"
          value={values.ProductDescription}
          error={errors.ProductDescription}
          onChange={(html) => set('ProductDescription', html)}
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
        {progress !== null && <UploadProgress fraction={progress} label="Saving the project" />}
        <FormActions
          busy={progress !== null}
          saveLabel={product ? 'Save project' : 'Add project'}
          cancelTo={LIST}
        />
      </form>
    </>
  );
}
