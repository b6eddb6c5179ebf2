import type { WebhookDelivery } from '@vitrine/api-client';
import { DataTable, useToast, type DataTableColumn } from '@vitrine/ui';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { QueryStatus } from '../../../components/QueryStatus';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { replayWebhookDelivery } from '../api/replay-webhook-delivery';

const TONES: Record<string, BadgeTone> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'danger',
};

const LIMIT = 10;

/** An endpoint's delivery log, newest first, refreshed while open, each with a replay. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, { page, limit: LIMIT });
  const toast = useToast();
  const [replaying, setReplaying] = useState<string | null>(null);

  async function replay(delivery: WebhookDelivery) {
    setReplaying(delivery.id);
    try {
      await replayWebhookDelivery(webhookId, delivery.id);
      toast.success(`${delivery.event} queued again`);
      void deliveries.refetch();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The replay failed: ${errorMessage(error)}`);
    } finally {
      setReplaying(null);
    }
  }

  const columns: DataTableColumn<WebhookDelivery>[] = [
    { key: 'event', header: 'Event', card: 'title', width: '11rem' },
    {
      key: 'status',
      header: 'Status',
      card: 'status',
      width: '6.5rem',
      render: (delivery) => <Badge tone={TONES[delivery.status]}>{delivery.status}</Badge>,
    },
    {
      key: 'createdAt',
      header: 'Time',
      className: 'adm-nowrap',
      width: '10rem',
      render: (delivery) => formatDateTime(delivery.createdAt),
    },
    {
      key: 'lastResponseCode',
      header: 'Response',
      width: '6rem',
      render: (delivery) => delivery.lastResponseCode ?? (delivery.lastError ? 'no answer' : '—'),
    },
    { key: 'attempts', header: 'Attempts', width: '5.5rem' },
    {
      key: 'lastError',
      header: 'Last error',
      optional: true,
      width: '12rem',
      render: (delivery) => delivery.lastError ?? '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      className: 'adm-actions-cell',
      width: '6.5rem',
      render: (delivery) => (
        <button
          type="button"
          className="adm-row-action"
          aria-label={`Replay ${delivery.event} of ${formatDateTime(delivery.createdAt)}`}
          disabled={replaying === delivery.id}
          onClick={() => void replay(delivery)}
        >
          <span aria-hidden="true">Replay</span>
        </button>
      ),
    },
  ];

  if (!deliveries.data) return <QueryStatus query={deliveries} what="the deliveries" />;
  const total = deliveries.data.total;
  // `adm-list`: each delivery a card on a phone, as the list screens are.
  return (
    <div className="adm-list">
      <DataTable
        caption="Deliveries"
        columns={columns}
        rows={deliveries.data.items}
        rowKey={(delivery) => delivery.id}
        pagination={{ page, pageSize: LIMIT, total, onPageChange: setPage }}
        emptyState="Nothing sent yet: send a test event to try the endpoint."
      />
    </div>
  );
}
