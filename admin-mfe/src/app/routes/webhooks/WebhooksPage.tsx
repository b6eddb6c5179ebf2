import type { Webhook, WebhookWithSecret } from '@vitrine/api-client';
import { WEBHOOK_ALL_EVENTS } from '@vitrine/contracts';
import { Button, EmptyState, useConfirm, useToast } from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { SecretOnce } from '../../../components/SecretOnce';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { deleteWebhook } from '../../../features/webhooks/api/delete-webhook';
import { useWebhooks } from '../../../features/webhooks/api/get-webhooks';
import { rotateWebhookSecret } from '../../../features/webhooks/api/rotate-webhook-secret';
import { sendWebhookTest } from '../../../features/webhooks/api/send-webhook-test';
import { updateWebhook } from '../../../features/webhooks/api/update-webhook';
import { WebhookDeliveries } from '../../../features/webhooks/components/WebhookDeliveries';
import { WebhookForm } from '../../../features/webhooks/components/WebhookForm';
import '../../../components/row-actions.css';
import './webhooks.css';

/**
 * /admin/webhooks: the addresses told when content changes (a static mirror, a feed, an
 * automation), each with its delivery log. A new endpoint's signing secret, or a rotated
 * one, is shown once, with a copy button.
 */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['webhooks'] });

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Addresses told at once when something changes: a project published, an enquiry received, a backup written. Each delivery is signed with the endpoint's secret and retried for a day."
        actions={
          !adding && (
            <Button onClick={() => setAdding(true)}>
              <Icon name="plus" size={18} />
              Add endpoint
            </Button>
          )
        }
      />
      {secret && (
        <SecretOnce
          label="Signing secret"
          title={`Signing secret for ${secret.url}`}
          hint="Give it to the receiver: it checks each delivery's signature with it."
          secret={secret.secret}
          noun="secret"
          testId="webhook-secret"
          onDone={() => setSecret(undefined)}
        />
      )}
      {adding && (
        <WebhookForm
          onCreated={(created) => {
            setSecret(created);
            refresh();
          }}
          onDone={() => setAdding(false)}
        />
      )}
      {!webhooks.data ? (
        <QueryStatus query={webhooks} what="the webhooks" />
      ) : webhooks.data.length === 0 ? (
        !adding && (
          <EmptyState title="No endpoint yet">
            Add one to tell an integration when content changes, instead of it asking.
          </EmptyState>
        )
      ) : (
        <ul className="adm-webhooks" aria-label="Endpoints">
          {webhooks.data.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              onChanged={refresh}
              onSecret={setSecret}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function WebhookItem({
  webhook,
  onChanged,
  onSecret,
}: {
  webhook: Webhook;
  onChanged(): void;
  onSecret(created: WebhookWithSecret): void;
}) {
  const toast = useToast();
  const ask = useConfirm();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(what: string, action: () => Promise<void>) {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, `${what} did not go through`));
    } finally {
      setBusy(null);
    }
  }

  const sendTest = () =>
    run('The test event', async () => {
      await sendWebhookTest(webhook.id);
      toast.success('Test event queued');
      setOpen(true);
      void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] });
    });

  const toggle = () =>
    run('The change', async () => {
      await updateWebhook(webhook.id, { enabled: !webhook.enabled });
      toast.success(webhook.enabled ? 'Endpoint disabled' : 'Endpoint enabled');
      onChanged();
    });

  const rotate = async () => {
    const yes = await ask({
      title: 'Rotate the signing secret?',
      message:
        'Deliveries are signed with a new secret from now on; the receiver must be given it.',
      confirmLabel: 'Rotate',
    });
    if (yes)
      await run('The rotation', async () => {
        onSecret(await rotateWebhookSecret(webhook.id));
      });
  };

  const events = webhook.events.includes(WEBHOOK_ALL_EVENTS)
    ? 'All events'
    : webhook.events.join(', ');

  return (
    <li className="adm-card adm-webhook" aria-label={webhook.url}>
      <div className="adm-webhook__head">
        <div className="adm-webhook__what">
          <code className="adm-code adm-webhook__url">{webhook.url}</code>
          {webhook.description && <span>{webhook.description}</span>}
          <span className="adm-webhook__events">{events}</span>
        </div>
        <Badge tone={webhook.enabled ? 'success' : 'neutral'}>
          {webhook.enabled ? 'enabled' : 'disabled'}
        </Badge>
      </div>
      <div className="adm-row-actions adm-webhook__actions">
        <button
          type="button"
          className="adm-row-action"
          disabled={busy !== null || !webhook.enabled}
          onClick={() => void sendTest()}
        >
          Send a test event
        </button>
        <button type="button" className="adm-row-action" onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button type="button" className="adm-row-action" onClick={() => setEditing(!editing)}>
          <Icon name="edit" size={16} />
          Edit
        </button>
        <button
          type="button"
          className="adm-row-action"
          disabled={busy !== null}
          onClick={() => void toggle()}
        >
          {webhook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="adm-row-action"
          disabled={busy !== null}
          onClick={() => void rotate()}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="adm-row-action adm-row-action--danger"
          aria-label={`Delete ${webhook.url}`}
          onClick={() =>
            void confirmDelete({
              title: `Delete the endpoint ${webhook.url}?`,
              message: 'Nothing more is sent there, and its delivery log goes with it.',
              run: () => deleteWebhook(webhook.id),
              done: 'Endpoint deleted',
              onDone: onChanged,
            })
          }
        >
          <Icon name="trash" size={16} />
          Delete
        </button>
      </div>
      {editing && (
        <WebhookForm
          webhook={webhook}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
      {open && <WebhookDeliveries webhookId={webhook.id} />}
    </li>
  );
}
