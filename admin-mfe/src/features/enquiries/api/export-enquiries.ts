import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import type { EnquiryQuery } from './enquiry-filters';

export interface CsvFile {
  blob: Blob;
  filename: string;
}

/**
 * The filtered enquiries as CSV. Fetched with the token (a plain link cannot carry it) and
 * handed back as a Blob for the browser to save.
 */
export async function exportEnquiries(query: EnquiryQuery): Promise<CsvFile> {
  let disposition = '';
  const blob = await unwrap(
    api
      .GET('/api/enquiries/export.csv', {
        params: { query: { ...query, page: undefined, limit: undefined } },
        parseAs: 'blob',
      })
      .then((result) => {
        disposition = result.response.headers.get('Content-Disposition') ?? '';
        return result;
      }),
  );
  const named = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  const day = new Date().toISOString().slice(0, 10);
  return { blob: blob as Blob, filename: named ?? `enquiries-${day}.csv` };
}
