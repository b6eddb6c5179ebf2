import type { Revision } from '@vitrine/api-client';
import { Button, EmptyState, useConfirm, useToast } from '@vitrine/ui';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryStatus } from '../QueryStatus';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { historyKey, restoreRevision, useRevisions, type HistoryTarget } from '../../lib/revisions';
import { FieldChangeRow } from './FieldChangeRow';
import { changeRows, changeView } from './field-values';
import './history.css';

export interface HistoryPanelProps {
  target: HistoryTarget;
  /** "project", "settings": what the sentences call it. */
  what: string;
  /** The query holding the item the form edits: read again after a restore. */
  itemKey: QueryKey;
  /** Field labels as the form shows them, by API field name. */
  labels?: Record<string, string>;
  /** After a restore: the form starts again from the restored version. */
  onRestored(): void;
  /** When the form last saved, for screens that stay open after a save: the history follows. */
  savedAt?: string | null;
  /** Open from the start: a screen that starts again after a restore keeps its history shown. */
  defaultOpen?: boolean;
}

/**
 * The History panel of an edit screen: every saved change, newest first, who made it and
 * when, with each field's change as a person reads it: before and after, rich text as the
 * words removed and added, photos as thumbnails with what happened to each. Any earlier
 * version can be restored; that is itself a change, so it can be undone the same way.
 */
export function HistoryPanel({
  target,
  what,
  itemKey,
  labels,
  onRestored,
  savedAt,
  defaultOpen = false,
}: HistoryPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const headingId = useId();
  const bodyId = useId();
  const revisions = useRevisions(target, open, savedAt);
  const queryClient = useQueryClient();
  const ask = useConfirm();
  const toast = useToast();
  const [restoring, setRestoring] = useState<string | null>(null);

  async function restore(revision: Revision) {
    const when = formatDateTime(revision.at);
    const yes = await ask({
      title: `Bring back the ${what} from before ${when}?`,
      message:
        'The fields this change made go back to what they were before it. What the form shows now is kept in the history, so this can be undone too; unsaved edits in the form are lost.',
      confirmLabel: 'Restore',
    });
    if (!yes) return;
    setRestoring(revision._id);
    try {
      await restoreRevision(target, revision._id);
      // The item as its own screen reads it, before the form starts again from it.
      await queryClient.invalidateQueries({ queryKey: itemKey });
      await queryClient.invalidateQueries({ queryKey: historyKey(target) });
      toast.success(`Brought back the ${what} from before ${when}`);
      onRestored();
    } catch (error) {
      if (!isUnauthorized(error)) {
        toast.error(`The restore did not go through: ${errorMessage(error)}`);
      }
    } finally {
      setRestoring(null);
    }
  }

  return (
    <section className="adm-card adm-history" aria-labelledby={headingId}>
      <div className="adm-history__header">
        <h2 id={headingId} className="adm-history__title">
          History
        </h2>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      {open && (
        <div id={bodyId}>
          <p className="adm-history__intro">
            Every save keeps the version it replaced (the last 50). Restore one to undo a change. In
            a text, struck-through words were removed and highlighted words added.
          </p>
          {!revisions.data ? (
            <QueryStatus query={revisions} what="the history" />
          ) : revisions.data.length === 0 ? (
            <EmptyState title="No changes yet">
              {`Each time the ${what} is saved, the version before is kept here.`}
            </EmptyState>
          ) : (
            <ol className="adm-history__list">
              {revisions.data.map((revision) => (
                <RevisionItem
                  key={revision._id}
                  revision={revision}
                  labels={labels}
                  busy={restoring === revision._id}
                  onRestore={() => void restore(revision)}
                />
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

function RevisionItem({
  revision,
  labels,
  busy,
  onRestore,
}: {
  revision: Revision;
  labels?: Record<string, string>;
  busy: boolean;
  onRestore(): void;
}) {
  const when = formatDateTime(revision.at);
  const photosChanged = revision.changes.some((change) => change.field === 'photos');
  return (
    <li className="adm-history__item">
      <div className="adm-history__meta">
        <p>
          <strong>{when}</strong>
          {` · ${revision.by?.UserName ?? 'the system'}`}
          {revision.restoredFrom && ' · restored an earlier version'}
        </p>
        <Button
          variant="secondary"
          busy={busy}
          aria-label={`Restore the version before ${when}`}
          onClick={onRestore}
        >
          Restore the version before
        </Button>
      </div>
      <table className="adm-history__changes">
        <caption className="vt-visually-hidden">{`Fields changed on ${when}`}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {revision.changes
            .flatMap((change) => changeRows(change, labels))
            .map(({ key, label, change }) => {
              const view = changeView(change, photosChanged);
              return view && <FieldChangeRow key={key} label={label} view={view} />;
            })}
        </tbody>
      </table>
    </li>
  );
}
