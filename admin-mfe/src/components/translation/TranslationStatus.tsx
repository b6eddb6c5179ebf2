import type { TranslationStatus as Status } from '@vitrine/contracts';
import { fieldLabel } from '../../lib/field-label';
import { languageName } from '../../lib/site-languages';
import { Badge } from '../Badge';

/**
 * An item's translation status in a list: per non-default site language "Hindi ✓" or
 * "Hindi: 2 missing", with the fields it misses said to screen readers and on hover.
 * An item the API sent no status for (an older API, or one language) shows nothing.
 */
export function TranslationStatusBadges({
  status,
  languages,
  labels,
}: {
  status?: Status;
  /** The non-default site languages, in the site's order. */
  languages: readonly string[];
  /** The fields' names as the form labels them (`ProductName` → "Name"). */
  labels?: Record<string, string>;
}) {
  if (!status) return null;
  const shown = languages.filter((code) => status[code] !== undefined);
  if (shown.length === 0) return null;
  return (
    <span className="adm-translation-status">
      {shown.map((code) => {
        const missing = status[code] ?? [];
        const name = languageName(code);
        if (missing.length === 0) {
          return (
            <Badge key={code} tone="success">
              <span aria-hidden="true">{`${name} ✓`}</span>
              <span className="vt-visually-hidden">{`${name}: translated`}</span>
            </Badge>
          );
        }
        const fields = missing.map((field) => statusFieldLabel(field, labels)).join(', ');
        return (
          <span key={code} title={`Missing in ${name}: ${fields}`}>
            <Badge tone="warning">
              {`${name}: ${missing.length} missing`}
              <span className="vt-visually-hidden">{` (${fields})`}</span>
            </Badge>
          </span>
        );
      })}
    </span>
  );
}

const LIST_ITEMS: Record<string, string> = {
  photos: 'photo',
  figures: 'figure',
  offers: 'offer',
  social: 'social link',
};

/**
 * A field of a status as the forms call it: `ProductName` → "Name", `photos.1.alt` →
 * "Alt text of photo 2", `figures.0.label` → "Figure 1 label", `banner.alt` → "Banner alt".
 */
export function statusFieldLabel(path: string, labels: Record<string, string> = {}): string {
  const [first, index, rest] = path.split('.');
  if (index === undefined) return fieldLabel(first, labels);
  if (first === 'photos' && rest === 'alt') return `Alt text of photo ${Number(index) + 1}`;
  if (/^\d+$/.test(index) && rest) {
    const item = LIST_ITEMS[first] ?? first;
    return `${item.charAt(0).toUpperCase()}${item.slice(1)} ${Number(index) + 1} ${fieldLabel(rest).toLowerCase()}`;
  }
  return `${fieldLabel(first, labels)} ${fieldLabel(index).toLowerCase()}`;
}
