import type { Product } from '@vitrine/api-client';
import { upload } from '../../../lib/api';
import { productFormData, type ProductValues } from './product-form-data';

export function createProduct(
  values: ProductValues,
  image: File | null,
  onProgress?: (fraction: number) => void,
): Promise<Product> {
  return upload<Product>({
    method: 'POST',
    url: '/api/product',
    form: productFormData(values, image),
    onProgress,
  });
}
