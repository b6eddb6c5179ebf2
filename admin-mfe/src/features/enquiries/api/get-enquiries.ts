import type { Enquiry } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import { useQuery } from '../../../lib/useQuery';
import type { EnquiryQuery } from './enquiry-filters';

/** Without a status every enquiry but spam. */
export function getEnquiries(
  query: EnquiryQuery,
  signal?: AbortSignal,
): Promise<ListPage<Enquiry>> {
  return unwrapList(api.GET('/api/enquiries', { params: { query }, signal }));
}

export function useEnquiries(query: EnquiryQuery) {
  return useQuery(JSON.stringify(query), (signal) => getEnquiries(query, signal));
}
