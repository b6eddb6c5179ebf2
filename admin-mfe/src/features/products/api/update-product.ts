import type { Product } from '@vitrine/api-client';
import { upload } from '../../../lib/api';
import { productFormData, type ProductValues } from './product-form-data';

/** Without a new image the current one stays. */
export function updateProduct(
  id: string,
  values: ProductValues,
  image: File | null,
  onProgress?: (fraction: number) => void,
): Promise<Product> {
  return upload<Product>({
    method: 'PUT',
    url: `/api/product/${encodeURIComponent(id)}`,
    form: productFormData(values, image),
    onProgress,
  });
}
