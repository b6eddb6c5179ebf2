export interface ProductValues {
  ProductName: string;
  ProductCategory: string;
  ProductPrice: string;
  ProductHeading: string;
  ProductDescription: string;
  ProductStatus: string;
  ProductClient: string;
  ProductLocation: string;
  ProductSize: string;
  published: boolean;
}

/** The multipart body the API takes: every field as text, the image under `Userimg`. */
export function productFormData(values: ProductValues, image: File | null): FormData {
  const form = new FormData();
  form.append('ProductName', values.ProductName.trim());
  form.append('ProductCategory', values.ProductCategory.trim());
  form.append('ProductPrice', values.ProductPrice.trim());
  form.append('ProductHeading', values.ProductHeading.trim());
  form.append('ProductDescription', values.ProductDescription);
  form.append('ProductStatus', values.ProductStatus.trim());
  form.append('ProductClient', values.ProductClient.trim());
  form.append('ProductLocation', values.ProductLocation.trim());
  form.append('ProductSize', values.ProductSize.trim());
  form.append('published', values.published ? 'true' : 'false');
  if (image) form.append('Userimg', image);
  return form;
}
