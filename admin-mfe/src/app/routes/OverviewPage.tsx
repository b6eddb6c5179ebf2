import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { useAuditLog } from '../../features/audit/api/get-audit';
import { useEnquiries } from '../../features/enquiries/api/get-enquiries';
import { InsightsOverviewPanel } from '../../features/insights/components/InsightsOverviewPanel';
import { fieldLabel } from '../../lib/field-label';
import { formatDateTime } from '../../lib/format';
import { listDrafts } from '../../lib/forms/drafts';
import { adminPath, draftPath, itemPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import './overview-page.css';

const SHOWN = 5;

const DRAFT_LABELS: Record<string, string> = {
  product: 'Project',
  service: 'Service',
  review: 'Review',
  user: 'User',
  settings: 'Site settings',
};

const ACTION_WORDS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  restore: 'restored',
  download: 'downloaded',
};

const ENTITY_WORDS: Record<string, string> = {
  product: 'a project',
  service: 'a service',
  reviews: 'a review',
  user: 'a user',
  gallery: 'the gallery',
  enquiries: 'an enquiry',
  settings: 'the site settings',
  backups: 'a backup',
  deployments: 'the site versions',
  trash: 'the trash',
};

/**
 * /admin/overview, where signing in lands: what needs attention, how the site is visited,
 * then what changed.
 */
export function OverviewPage() {
  const { claims } = useSession();
  const enquiries = useEnquiries({ status: 'new', sort: '-createdAt', page: 1, limit: SHOWN });
  const changes = useAuditLog({ sort: '-createdAt', page: 1, limit: SHOWN });
  const drafts = useMemo(
    () => listDrafts(claims.sub).filter((draft) => draftPath(draft.form)),
    [claims.sub],
  );
  const newCount = enquiries.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Overview"
        description="What needs you, who visits, and what changed lately."
      />
      <div className="adm-overview">
        <section className="adm-card" aria-labelledby="overview-enquiries">
          <h2 id="overview-enquiries" className="adm-form-section__title">
            New enquiries{enquiries.data ? ` (${newCount})` : ''}
          </h2>
          {!enquiries.data ? (
            <QueryStatus query={enquiries} what="the enquiries" />
          ) : newCount === 0 ? (
            <p className="adm-muted">No new enquiries: every one has been read.</p>
          ) : (
            <ul className="adm-overview__list">
              {enquiries.data.items.map((enquiry) => (
                <li key={enquiry._id}>
                  <Link className="adm-link" to={adminPath(`enquiries/${enquiry._id}`)}>
                    {`${enquiry.FirstName} ${enquiry.LastName}`.trim() || 'Anonymous'}
                  </Link>
                  <span className="adm-muted"> · {formatDateTime(enquiry.createdAt)}</span>
                  {enquiry.Message && <p className="adm-overview__snippet">{enquiry.Message}</p>}
                </li>
              ))}
            </ul>
          )}
          <Link className="adm-link" to={adminPath('enquiries')}>
            All enquiries
          </Link>
        </section>

        <InsightsOverviewPanel />

        <section className="adm-card" aria-labelledby="overview-drafts">
          <h2 id="overview-drafts" className="adm-form-section__title">
            Unsaved drafts in this browser
          </h2>
          {drafts.length === 0 ? (
            <p className="adm-muted">None: everything you typed here has been saved.</p>
          ) : (
            <ul className="adm-overview__list">
              {drafts.map((draft) => (
                <li key={draft.form}>
                  <Link className="adm-link" to={draftPath(draft.form) ?? adminPath('overview')}>
                    {DRAFT_LABELS[draft.form.split(':')[0]] ?? draft.form}
                    {draft.form.endsWith(':new') ? ' (new)' : ''}
                  </Link>
                  <span className="adm-muted"> · typed {formatDateTime(draft.savedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="adm-card" aria-labelledby="overview-changes">
          <h2 id="overview-changes" className="adm-form-section__title">
            Recent changes
          </h2>
          {!changes.data ? (
            <QueryStatus query={changes} what="the recent changes" />
          ) : changes.data.items.length === 0 ? (
            <p className="adm-muted">Nothing has changed yet.</p>
          ) : (
            <ul className="adm-overview__list">
              {changes.data.items.map((entry) => {
                const to =
                  entry.action === 'delete'
                    ? null
                    : itemPath(entry.entity, entry.entityId ? String(entry.entityId) : null);
                const what = ENTITY_WORDS[entry.entity] ?? entry.entity;
                const named = entry.itemName ? `${what} “${entry.itemName}”` : what;
                return (
                  <li key={entry._id}>
                    {entry.actorName} {ACTION_WORDS[entry.action] ?? entry.action}{' '}
                    {to ? (
                      <Link className="adm-link" to={to}>
                        {named}
                      </Link>
                    ) : (
                      named
                    )}
                    {entry.fields?.length > 0 && (
                      <>: {entry.fields.map((field) => fieldLabel(field)).join(', ')}</>
                    )}
                    <span className="adm-muted"> · {formatDateTime(entry.createdAt)}</span>
                  </li>
                );
              })}
            </ul>
          )}
          <Link className="adm-link" to={adminPath('audit')}>
            The whole audit log
          </Link>
        </section>
      </div>
    </>
  );
}
