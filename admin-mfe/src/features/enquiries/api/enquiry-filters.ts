import type { EnquiryStoredStatus, EnquirySource } from '@vitrine/contracts';
import type { ListQuery } from '../../../lib/use-list-params';

/** What the inbox filters on, as the list and the CSV export both take it. */
export interface EnquiryQuery extends Partial<ListQuery> {
  status?: EnquiryStoredStatus;
  source?: EnquirySource;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}
