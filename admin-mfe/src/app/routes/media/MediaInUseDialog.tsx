import type { MediaPlace } from '@vitrine/api-client';
import { ConfirmDialog, Spinner } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/errors';
import { fieldLabel } from '../../../lib/field-label';
import { useMediaUsage } from '../../../lib/media-library';
import { itemPath } from '../../../lib/paths';

/** What the admin calls each kind of content that can show a library image. */
export const USE_LABELS: Record<string, string> = {
  product: 'Project',
  service: 'Service',
  review: 'Review',
  gallery: 'Gallery',
  settings: 'Settings',
};

/** A field where an image is placed, as the forms call it. */
const PLACE_FIELDS: Record<string, string> = {
  photos: 'photos',
  banner: 'home banner',
  image: 'image',
  ClientReview: 'review text',
};

function placeField(field: string): string {
  return PLACE_FIELDS[field] ?? fieldLabel(field).toLowerCase();
}

/** The admin screen where a place is edited: the item's form, or the gallery or settings. */
export function placePath(kind: string, id: string): string | null {
  const entity = kind === 'review' ? 'reviews' : kind;
  return itemPath(entity, kind === 'gallery' || kind === 'settings' ? null : id);
}

/** Each item once, with the fields that show the image: "Project: Linen drapes (photos, description)". */
export function groupPlaces(places: readonly MediaPlace[]) {
  const items = new Map<string, { kind: string; id: string; title: string; fields: string[] }>();
  for (const place of places) {
    const key = `${place.kind}/${place.id}`;
    const item = items.get(key) ?? { ...place, fields: [] };
    item.fields.push(placeField(place.field));
    items.set(key, item);
  }
  return [...items.values()];
}

/**
 * Asks before deleting an image that content shows: it names each place (linked to its
 * edit screen) and offers to take the image out of them and delete it, or to cancel.
 */
export function MediaInUseDialog({
  mediaId,
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  mediaId: string;
  name: string;
  busy: boolean;
  onConfirm(count: number): void;
  onCancel(): void;
}) {
  const usage = useMediaUsage(mediaId);
  const items = groupPlaces(usage.data ?? []);
  let body;
  if (usage.isError) body = <p role="alert">{errorMessage(usage.error)}</p>;
  else if (!usage.data) body = <Spinner label="Finding where the image is used" />;
  else
    body = (
      <>
        <p>
          “{name}” is used in {items.length === 1 ? 'this place' : `these ${items.length} places`}.
          Deleting it removes it from them first; each change is kept in its history.
        </p>
        <ul className="adm-media-library__places" aria-label="Where the image is used">
          {items.map((item) => {
            const to = placePath(item.kind, item.id);
            const label = `${USE_LABELS[item.kind] ?? item.kind}: ${item.title}`;
            return (
              <li key={`${item.kind}/${item.id}`}>
                {to ? <Link to={to}>{label}</Link> : label} ({item.fields.join(', ')})
              </li>
            );
          })}
        </ul>
      </>
    );
  return (
    <ConfirmDialog
      open
      title="This image is in use"
      message={body}
      tone="danger"
      busy={busy}
      confirmLabel="Remove from these places and delete"
      onConfirm={() => {
        if (usage.data) onConfirm(items.length);
      }}
      onCancel={onCancel}
    />
  );
}
