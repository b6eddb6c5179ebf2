import { SkipLink } from '@vitrine/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePagePath } from '../site-locale';
import { useSiteSettings } from '../site-settings';
import { LanguageNotices } from './LanguageNotices';
import { Preloader } from './Preloader';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { StickyContact } from './StickyContact';
import { useInsights } from './use-insights';
import { useRouteChange } from './use-route-change';
import './site-layout.css';

// Set at build time (see tools/webpack/create-config.js); a plain build shows nothing.
const BUILD_BANNER = typeof __BUILD_BANNER__ === 'string' ? __BUILD_BANNER__ : '';

/** Pages that open with a full-bleed banner the header floats over. */
const BANNER_PAGES = new Set(['/']);

/**
 * The frame around every public page. The shell renders nothing around the remote, so the
 * landmarks (header, main, footer) and the skip link are all here.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const settings = useSiteSettings();
  const mainRef = useRef<HTMLElement>(null);
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const overBanner = BANNER_PAGES.has(usePagePath().path);
  useRouteChange(mainRef);
  useInsights();
  // Effects run once the page is live: a server-rendered page says when it has hydrated, so
  // a script (or a browser test) knows its forms and buttons now answer.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <div className="site" data-testid="public-mfe">
      <SkipLink />
      <SiteHeader
        overBanner={overBanner}
        menuOpen={menuOpen}
        onMenuOpenChange={(open) => setMenuOpenOn(open ? location.key : null)}
        siteName={settings.data?.companyName}
      />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={overBanner ? 'site-main site-main--banner' : 'site-main'}
        inert={menuOpen}
      >
        {children}
      </main>
      <div inert={menuOpen}>
        <SiteFooter settings={settings.data} />
        <StickyContact settings={settings.data} />
        <LanguageNotices />
      </div>
      {BUILD_BANNER && <p className="build-banner">{BUILD_BANNER}</p>}
      <Preloader ready={!settings.isLoading} />
    </div>
  );
}
