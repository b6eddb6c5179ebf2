import type { Service } from '@vitrine/api-client';
import { upload } from '../../../lib/api';
import { serviceFormData, type ServiceValues } from './service-form-data';

/** Without a new image the current one stays. */
export function updateService(
  id: string,
  values: ServiceValues,
  image: File | null,
  onProgress?: (fraction: number) => void,
): Promise<Service> {
  return upload<Service>({
    method: 'PUT',
    url: `/api/service/${encodeURIComponent(id)}`,
    form: serviceFormData(values, image),
    onProgress,
  });
}
