import { formatNumber } from '@vitrine/contracts';
import { Link } from '../lib/links';
import { useLocale } from '../lib/locale';
import './link-tabs.css';

export interface LinkTab {
  label: string;
  /** Where the tab leads, e.g. `/product?category=Linen`: every tab can be linked to. */
  to: string;
  selected: boolean;
  /** Shown after the label, e.g. how many items the tab holds. */
  count?: number;
}

/**
 * Filters as links styled as tabs. Each choice is its own URL (shareable, back-button
 * friendly), so these are links in a labelled nav with aria-current on the chosen one,
 * not an ARIA tablist: Tab moves through them and Enter follows one, as with any link.
 */
export function LinkTabs({ label, tabs }: { label: string; tabs: readonly LinkTab[] }) {
  const { locale } = useLocale();
  return (
    <nav className="link-tabs" aria-label={label}>
      <ul className="link-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className="link-tabs__tab"
              aria-current={tab.selected ? 'page' : undefined}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span className="link-tabs__count">{formatNumber(tab.count, locale)}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
