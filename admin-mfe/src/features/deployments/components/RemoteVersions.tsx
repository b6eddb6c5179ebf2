import { Button, FormError, useConfirm, useToast } from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/Badge';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { deploymentsKey } from '../api/get-deployments';
import { promoteVersion } from '../api/promote-version';
import { rollbackRemote } from '../api/rollback-remote';
import {
  MOVE_WORDS,
  REMOTE_LABELS,
  pointerState,
  shortVersion,
  type RemoteDeployment,
} from '../deployment-state';
import { VersionId } from './VersionId';
import './remote-versions.css';

interface Move {
  /** Which button asked for it, shown busy while it runs. */
  key: string;
  /** The question, e.g. "Roll the public site back to 3f9a0c1…e98d368?". */
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The version asked for, which the toast names if the API's answer does not. */
  to: string;
  run(): Promise<string>;
  /** The toast, given the version the pointer names now. */
  done(version: string): string;
  /** The inline message's title when the API refuses, e.g. "Could not roll back". */
  failed: string;
}

/**
 * One remote in one environment: the version the shells serve and since when, the version
 * its pointer names while they check it, the one a rollback goes back to, the versions the
 * shells refused and why, every published version (any of them can be served again) and the
 * pointer's history. Each move is asked in the confirm dialog, then said in a toast; one the
 * API refuses (a 409 when the pointer moved meanwhile) is said here, and the screen reads
 * the remote again.
 */
export function RemoteVersions({
  remote,
  environment,
}: {
  remote: RemoteDeployment;
  environment: string;
}) {
  const name = remote.remote;
  const label = REMOTE_LABELS[name];
  const called = `the ${label.toLowerCase()}`;
  const headingId = useId();
  const historyId = useId();
  const ask = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The button whose move is under way; the others wait for it.
  const [moving, setMoving] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const { current, previous, serving } = remote;
  const state = pointerState(remote);

  async function move(request: Move) {
    const yes = await ask({
      title: request.title,
      message: request.message,
      confirmLabel: request.confirmLabel,
    });
    if (!yes) return;
    setMoving(request.key);
    setRefusal(undefined);
    try {
      const now = await request.run();
      toast.success(request.done(shortVersion(now)));
    } catch (error) {
      if (isUnauthorized(error)) return;
      setRefusal({ title: request.failed, message: errorMessage(error) });
    } finally {
      setMoving(null);
      // After a move or a refusal alike: what the pointer names now.
      void queryClient.invalidateQueries({ queryKey: deploymentsKey(environment) });
    }
  }

  const rollBack = (to: string) =>
    void move({
      key: 'rollback',
      title: `Roll ${called} back to ${shortVersion(to)}?`,
      message: (
        <>
          The shells check <VersionId version={to} /> and serve it instead of{' '}
          {current ? <VersionId version={current} /> : 'the version named now'}, within seconds;
          visitors get it on their next page.
        </>
      ),
      confirmLabel: 'Roll back',
      to,
      run: () => rollbackRemote(name, environment),
      done: (version) => `Rolled ${called} back to ${version}`,
      failed: 'Could not roll back',
    });

  const promote = (to: string) =>
    void move({
      key: `promote:${to}`,
      title: `Serve ${shortVersion(to)} on ${called}?`,
      message: (
        <>
          The shells check <VersionId version={to} /> and serve it within seconds, if it passes
          their checks; visitors get it on their next page. A rollback brings back the version named
          now.
        </>
      ),
      confirmLabel: 'Serve this version',
      to,
      run: () => promoteVersion(name, to, environment),
      done: (version) => `Promoted ${version} on ${called}`,
      failed: 'Could not serve that version',
    });

  return (
    <section className="adm-card adm-remote-versions" aria-labelledby={headingId}>
      <h2 id={headingId} className="adm-form-section__title">
        {label}
      </h2>
      <FormError title={refusal?.title} message={refusal?.message} />
      {/* Read out as it changes: the switch the screen waits for while the shells check. */}
      <dl className="adm-remote-versions__facts" aria-live="polite">
        <dt>Serving</dt>
        <dd>
          {serving ? (
            <>
              <VersionId version={serving.version} />{' '}
              <span className="adm-muted">since {formatDateTime(serving.at)}</span>
            </>
          ) : (
            <span className="adm-muted">Not reported by the shells yet</span>
          )}
        </dd>
        {current && state !== 'served' && (
          <>
            <dt>Switching to</dt>
            <dd>
              <VersionId version={current} />{' '}
              {state === 'refused' ? (
                <Badge tone="danger">refused</Badge>
              ) : (
                <span className="adm-muted">checking…</span>
              )}
            </dd>
          </>
        )}
        <dt>Before it</dt>
        <dd>
          {previous ? (
            <VersionId version={previous} />
          ) : (
            <span className="adm-muted">None: nothing to roll back to</span>
          )}
        </dd>
      </dl>
      {previous && (
        <Button
          variant="secondary"
          className="adm-small-button"
          busy={moving === 'rollback'}
          disabled={moving !== null}
          onClick={() => rollBack(previous)}
        >
          {/* Named "Roll back to <the whole id>" by its text: VersionId says the whole id. */}
          Roll back to <VersionId version={previous} />
        </Button>
      )}

      {remote.refused.length > 0 && (
        <>
          <h3 className="adm-remote-versions__title">Refused by the shells</h3>
          <ul className="adm-remote-versions__list">
            {remote.refused.map((report) => (
              <li key={report.version} className="adm-remote-versions__item">
                <VersionId version={report.version} />
                <span className="adm-muted">{formatDateTime(report.at)}</span>
                <span className="adm-remote-versions__reason">
                  {report.reason || 'No reason given'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3 className="adm-remote-versions__title">Published versions</h3>
      {remote.versions.length === 0 ? (
        <p className="adm-muted">None yet.</p>
      ) : (
        <ul className="adm-remote-versions__list">
          {remote.versions.map((published) => (
            <li key={published.version} className="adm-remote-versions__item">
              <VersionId version={published.version} />
              <span className="adm-muted">
                {`by ${published.publishedBy}, ${formatDateTime(published.publishedAt)}`}
              </span>
              {published.version === serving?.version && published.version !== current && (
                <Badge tone="success">serving</Badge>
              )}
              {published.version === current ? (
                <Badge tone="accent">current</Badge>
              ) : (
                <Button
                  variant="secondary"
                  className="adm-small-button"
                  busy={moving === `promote:${published.version}`}
                  disabled={moving !== null}
                  // Which version, for those who hear the list of buttons out of the list.
                  aria-label={`Serve this version: ${published.version}`}
                  onClick={() => promote(published.version)}
                >
                  Serve this version
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3 id={historyId} className="adm-remote-versions__title">
        History
      </h3>
      {remote.moves.length === 0 ? (
        <p className="adm-muted">The pointer has not moved yet.</p>
      ) : (
        <table className="adm-remote-versions__moves" aria-labelledby={historyId}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">What happened</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {remote.moves.map((pointerMove, index) => (
              <tr key={`${pointerMove.at}-${index}`}>
                <td>
                  <VersionId version={pointerMove.version} />
                </td>
                <td>{MOVE_WORDS[pointerMove.action] ?? pointerMove.action}</td>
                <td>{pointerMove.by}</td>
                <td>{formatDateTime(pointerMove.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
