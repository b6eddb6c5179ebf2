import { ENQUIRY_STORED_STATUSES, type EnquiryStoredStatus } from '@vitrine/contracts';
import { Badge, type BadgeTone } from '../../../components/Badge';

export const STATUS_LABELS: Record<EnquiryStoredStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
  spam: 'Spam',
};

export const STATUS_OPTIONS = ENQUIRY_STORED_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

const TONES: Record<EnquiryStoredStatus, BadgeTone> = {
  new: 'warning',
  read: 'neutral',
  replied: 'success',
  archived: 'neutral',
  spam: 'danger',
};

export function StatusBadge({ status }: { status: EnquiryStoredStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export const isStoredStatus = (value: string): value is EnquiryStoredStatus =>
  (ENQUIRY_STORED_STATUSES as readonly string[]).includes(value);
