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
        const fields = missing.map((field) => fieldLabel(field, labels)).join(', ');
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
