export interface ServiceValues {
  ServiceName: string;
  ServiceCategory: string;
  ServicePrice: string;
  ServiceHeading: string;
  ServiceDescription: string;
  ServiceStatus: string;
  published: boolean;
}

/** The multipart body the API takes: every field as text, the image under `Userimg`. */
export function serviceFormData(values: ServiceValues, image: File | null): FormData {
  const form = new FormData();
  form.append('ServiceName', values.ServiceName.trim());
  form.append('ServiceCategory', values.ServiceCategory.trim());
  form.append('ServicePrice', values.ServicePrice.trim());
  form.append('ServiceHeading', values.ServiceHeading.trim());
  form.append('ServiceDescription', values.ServiceDescription);
  form.append('ServiceStatus', values.ServiceStatus.trim());
  form.append('published', values.published ? 'true' : 'false');
  if (image) form.append('Userimg', image);
  return form;
}
