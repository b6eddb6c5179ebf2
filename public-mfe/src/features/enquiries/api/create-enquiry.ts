import { unwrap, type NewEnquiry, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type EnquiryReceipt = Schemas['EnquiryReceipt'];

/**
 * Sends an enquiry from either public form. Resolves with the receipt only once the API has
 * stored it (201); anything else rejects with an ApiError (400 with field errors, 429 with
 * Retry-After, network failure as status 0).
 */
export function createEnquiry(enquiry: NewEnquiry): Promise<EnquiryReceipt> {
  return unwrap(api.POST('/api/enquiries', { body: enquiry }));
}
