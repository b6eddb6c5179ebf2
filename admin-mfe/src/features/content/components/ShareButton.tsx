import { bindField, Button, FormError, Modal, SelectField, TextField, useToast } from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCheckedForm } from '../../../lib/forms/use-checked-form';
import { createShareLink } from '../api/create-share-link';
import { shareLinksQueryOptions, useShareLinks, type ShareKind } from '../api/get-share-links';
import { revokeShareLink } from '../api/revoke-share-link';
import {
  EXPIRY_OPTIONS,
  initialShareLinkValues,
  localDay,
  shareLinkBody,
  validateShareLink,
  type ShareLinkValues,
} from './share-link-form';
import './share-dialog.css';

const API_FIELDS: Record<string, keyof ShareLinkValues> = {
  expiresInDays: 'expiry',
  expiresAt: 'date',
};
const fieldId = (path: string) => `share-${path}`;

/**
 * "Share": a link for a client to see the saved item without signing in, until it expires
 * or is revoked. The dialog makes one, shows it once to copy, and lists the live ones.
 */
export function ShareButton({ kind, id, what }: { kind: ShareKind; id: string; what: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        Share
      </Button>
      {open && <ShareDialog kind={kind} id={id} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({
  kind,
  id,
  what,
  onClose,
}: {
  kind: ShareKind;
  id: string;
  what: string;
  onClose(): void;
}) {
  const titleId = useId();
  const textId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const links = useShareLinks(kind, id);
  const refresh = () => queryClient.invalidateQueries(shareLinksQueryOptions(kind, id));
  const [url, setUrl] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const form = useCheckedForm<ShareLinkValues>({
    defaultValues: initialShareLinkValues(),
    rules: (values) => validateShareLink(values),
    failure: 'The link was not made',
    pathOf: (field) => API_FIELDS[field],
    onRefused: (error) => toast.error(`The link was not made: ${errorMessage(error)}`),
  });
  const expiry = form.watch('expiry');
  const save = form.submitWith(async (values) => {
    const made = await createShareLink(shareLinkBody(kind, id, values));
    setUrl(`${window.location.origin}${made.path}`);
    form.reset(initialShareLinkValues());
    void refresh();
  });
  const summary = form.summary((path) => ({ fieldId: fieldId(path) }));

  // The dialog sits in the item's form in React's tree: its submit must not save the item.
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void save(event);
  };

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('The browser did not allow copying: select the link and copy it by hand');
    }
  }

  async function revoke(linkId: string) {
    setRevoking(linkId);
    try {
      await revokeShareLink(linkId);
      toast.success('Link revoked: it no longer opens');
      await refresh();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The link was not revoked: ${errorMessage(error)}`);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} className="adm-share">
      <h2 id={titleId} className="vt-modal__title">
        Share with a client
      </h2>
      <p id={textId} className="vt-modal__body">
        Anyone with the link sees this {what} as saved (published or not), without signing in, until
        the link expires or you revoke it. Search engines never list it.
      </p>
      {url ? (
        <div className="adm-share__made" role="status">
          <TextField
            id={fieldId('url')}
            label="Link for the client"
            hint="Copy it now: it is shown only once."
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="adm-share__row">
            <Button type="button" onClick={() => void copy(url)}>
              Copy link
            </Button>
            <Button type="button" variant="secondary" onClick={() => setUrl(null)}>
              Make another
            </Button>
          </div>
        </div>
      ) : (
        <form className="adm-share__form" noValidate onSubmit={submit} aria-label="New share link">
          <FormError
            title="The link was not made"
            message={summary.length === 0 ? form.message : undefined}
            errors={summary}
          />
          <SelectField
            label="Expires"
            options={EXPIRY_OPTIONS}
            {...bindField(form, 'expiry', fieldId('expiry'))}
          />
          {expiry === 'date' && (
            <TextField
              type="date"
              label="Last day it works"
              min={localDay(0)}
              max={localDay(89)}
              {...bindField(form, 'date', fieldId('date'))}
            />
          )}
          <div className="adm-share__row">
            <Button type="submit" busy={form.formState.isSubmitting}>
              Create link
            </Button>
          </div>
        </form>
      )}
      <section className="adm-share__links" aria-labelledby={`${titleId}-links`}>
        <h3 id={`${titleId}-links`} className="adm-share__subtitle">
          Active links
        </h3>
        {links.error ? (
          <p>The links could not be loaded: {errorMessage(links.error)}</p>
        ) : !links.data ? (
          <p>Loading the links…</p>
        ) : links.data.length === 0 ? (
          <p>No active links.</p>
        ) : (
          <ul className="adm-share__list">
            {links.data.map((link) => (
              <li key={link._id} className="adm-share__link">
                <span>
                  <code className="adm-code">…/preview/share/{link.hint}…</code>
                  <br />
                  Expires {formatDateTime(link.expiresAt)}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  busy={revoking === link._id}
                  aria-label={`Revoke the link ${link.hint}…, expiring ${formatDateTime(link.expiresAt)}`}
                  onClick={() => void revoke(link._id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="vt-modal__actions">
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
