import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function getEnquiryStats(signal?: AbortSignal): Promise<{ new: number }> {
  return unwrap(api.GET('/api/enquiries/stats', { signal }));
}
