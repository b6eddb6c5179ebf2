import { Button } from '@vitrine/ui';
import { formatDateTime } from '../lib/format';
import type { DraftOffer } from '../lib/forms/use-form-draft';
import './draft-notice.css';

/**
 * Offers the draft a form kept in this browser (after a crash, a reload or a sign-in):
 * restore it over what the form shows, or discard it.
 */
export function DraftNotice({ draft, what }: { draft: DraftOffer | null; what: string }) {
  if (!draft) return null;
  return (
    <section className="adm-draft" aria-label="Unsaved draft">
      <p className="adm-draft__text">
        <strong>Unsaved changes to {what}</strong> from {formatDateTime(draft.savedAt)} were kept in
        this browser.
        {draft.changedSince && ` It has been saved since; restoring puts your changes over that.`}
      </p>
      <div className="adm-draft__actions">
        <Button className="adm-small-button" onClick={draft.restore}>
          Restore my changes
        </Button>
        <Button variant="ghost" className="adm-small-button" onClick={draft.discard}>
          Discard them
        </Button>
      </div>
    </section>
  );
}
