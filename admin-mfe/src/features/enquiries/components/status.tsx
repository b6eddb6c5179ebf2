import { ENQUIRY_STORED_STATUSES, type EnquiryStoredStatus } from '@vitrine/contracts';

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

const TONES: Record<EnquiryStoredStatus, string> = {
  new: 'adm-badge--warning',
  read: '',
  replied: 'adm-badge--success',
  archived: '',
  spam: 'adm-badge--danger',
};

export function StatusBadge({ status }: { status: EnquiryStoredStatus }) {
  return <span className={`adm-badge ${TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}

export const isStoredStatus = (value: string): value is EnquiryStoredStatus =>
  (ENQUIRY_STORED_STATUSES as readonly string[]).includes(value);
