import type { Service } from '@vitrine/api-client';
import { upload } from '../../../lib/api';
import { serviceFormData, type ServiceValues } from './service-form-data';

export function createService(
  values: ServiceValues,
  image: File | null,
  onProgress?: (fraction: number) => void,
): Promise<Service> {
  return upload<Service>({
    method: 'POST',
    url: '/api/service',
    form: serviceFormData(values, image),
    onProgress,
  });
}
