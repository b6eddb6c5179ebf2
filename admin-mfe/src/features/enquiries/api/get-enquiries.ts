import type { Enquiry } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { EnquiryQuery } from './enquiry-filters';

/** Without a status every enquiry but spam. */
export function getEnquiries(
  query: EnquiryQuery,
  signal?: AbortSignal,
): Promise<ListPage<Enquiry>> {
  return unwrapList(api.GET('/api/enquiries', { params: { query }, signal }));
}

export const enquiriesQueryOptions = (query: EnquiryQuery) =>
  listQueryOptions(['enquiries', query], (signal) => getEnquiries(query, signal));

export function useEnquiries(query: EnquiryQuery) {
  return useQuery(enquiriesQueryOptions(query));
}
