import { unwrap, type EnquiryDetail } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One enquiry with the state of its notification mail. */
export function getEnquiry(id: string, signal?: AbortSignal): Promise<EnquiryDetail> {
  return unwrap(api.GET('/api/enquiries/{id}', { params: { path: { id } }, signal }));
}

export const enquiryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['enquiry', id], queryFn: ({ signal }) => getEnquiry(id, signal) });

export function useEnquiry(id: string | undefined) {
  return useQuery({ ...enquiryQueryOptions(id ?? ''), enabled: id !== undefined });
}
