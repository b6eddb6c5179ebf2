import { unwrap, type EnquiryDetail, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function updateEnquiry(
  id: string,
  body: Schemas['UpdateEnquiryDto'],
): Promise<EnquiryDetail> {
  return unwrap(api.PATCH('/api/enquiries/{id}', { params: { path: { id } }, body }));
}
