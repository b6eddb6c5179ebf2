import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link, NavLink } from '../../lib/links';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { SITE_LINKS } from './site-links';
import { useScrolledPast } from './use-scrolled-past';
import { useTranslation } from '../../lib/i18n';
import './site-header.css';

/** How far the page scrolls before the header over the banner turns solid (SPEC §9). */
export const HEADER_SOLID_AFTER_PX = 80;

export interface SiteHeaderProps {
  /** The page starts with a full-bleed banner: the header is see-through over it. */
  overBanner: boolean;
  menuOpen: boolean;
  onMenuOpenChange(open: boolean): void;
  /** Names the home link, e.g. "Vitrine Textiles & Design Studio". */
  siteName?: string;
}

const MENU_ID = 'site-menu';

/**
 * The header: logo and a menu button (the studio signs in from the footer's link). The menu is a full-screen overlay on large
 * screens and a plain list under the bar on small ones (CSS decides); either way focus moves
 * into it, stays in the header while it is open, and Escape closes it and returns focus to
 * the button. The rest of the page is made inert meanwhile (see SiteLayout).
 */
export function SiteHeader({ overBanner, menuOpen, onMenuOpenChange, siteName }: SiteHeaderProps) {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(HEADER_SOLID_AFTER_PX);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const solid = !overBanner || scrolled;

  useEffect(() => {
    if (!menuOpen) return undefined;
    menuRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    // The page under the overlay should not scroll away while the menu is open.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [menuOpen]);

  function close() {
    onMenuOpenChange(false);
    buttonRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!menuOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab' && headerRef.current) {
      keepTabInside(event, headerRef.current);
    }
  }

  const classes = [
    'site-header',
    solid ? 'site-header--solid' : 'site-header--clear',
    menuOpen && 'site-header--menu-open',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // The listener serves the open menu only: Escape closes it, Tab stays inside.
    <header ref={headerRef} className={classes} onKeyDown={handleKeyDown}>
      <div className="site-header__bar">
        <Link
          to="/"
          className="site-header__home"
          aria-label={siteName ? t('header.homeOf', { siteName }) : t('header.home')}
        >
          <Logo />
        </Link>
        <div className="site-header__actions">
          <LanguageSwitcher className="language-switcher--bar" />
          <button
            ref={buttonRef}
            type="button"
            className="site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => onMenuOpenChange(!menuOpen)}
          >
            <span className="site-header__menu-icon" aria-hidden="true" />
            {menuOpen ? t('header.close') : t('header.menu')}
          </button>
        </div>
      </div>
      {/* Two landmarks side by side, not one inside the other: the pages, then the languages. */}
      <div ref={menuRef} id={MENU_ID} className="site-menu" hidden={!menuOpen}>
        <nav aria-label={t('header.mainNav')}>
          <ul className="site-menu__list">
            {SITE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className="site-menu__link"
                  onClick={() => onMenuOpenChange(false)}
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="language-switcher--menu" />
      </div>
    </header>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/** Tab from the last item goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (item) => !item.closest('[hidden]'),
  );
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
