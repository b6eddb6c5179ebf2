import { unwrap, type EnquiryDetail } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

/** One enquiry with the state of its notification mail. */
export function getEnquiry(id: string, signal?: AbortSignal): Promise<EnquiryDetail> {
  return unwrap(api.GET('/api/enquiries/{id}', { params: { path: { id } }, signal }));
}

export function useEnquiry(id: string | undefined) {
  return useQuery(id ?? null, (signal) => getEnquiry(id ?? '', signal));
}
