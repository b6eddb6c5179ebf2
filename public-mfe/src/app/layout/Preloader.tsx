import { usePrefersReducedMotion } from '@vitrine/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Logo } from './Logo';
import './preloader.css';

/** The longest the preloader stays up, however slow the content is (SPEC §9). */
export const PRELOADER_MAX_MS = 3000;
/** How long it takes to fade out; it is removed from the page afterwards. */
export const PRELOADER_FADE_MS = 400;

// Once per page load: coming back to Home later (even after the admin area) shows no preloader.
// Module state on purpose, as the page load outlives the remote's tree (the shell unmounts it
// for the admin area); one boolean, which resetPreloader() clears for tests.
let shownThisPageLoad = false;

/** Only for tests: behave as on a fresh page load. */
export function resetPreloader(): void {
  shownThisPageLoad = false;
}

/**
 * Whether the brand preloader belongs on this first render: only when the visit starts at the
 * home page (a deep link goes straight to its content), and never for visitors who ask for
 * less motion (it is nothing but motion).
 */
export function shouldShowPreloader(pathname: string, reducedMotion: boolean): boolean {
  return pathname === '/' && !reducedMotion;
}

/**
 * The animated brand preloader over the home page on a first visit. It is decoration:
 * aria-hidden, never focusable, never in the way of clicks, and gone after at most
 * PRELOADER_MAX_MS (sooner once `ready`, or as soon as the visitor goes to another page).
 *
 * Content that is ready at the first render (a server-rendered page, and its hydration) gets
 * none: it would only be drawn leaving, invisible, yet as a layer over the whole window with
 * endless animations, which the first frame of the home page rasterised and kept ticking.
 */
export function Preloader({ ready }: { ready: boolean }) {
  const { pathname } = useLocation();
  const reducedMotion = usePrefersReducedMotion();
  const [shown] = useState(
    () => !ready && !shownThisPageLoad && shouldShowPreloader(pathname, reducedMotion),
  );
  const [timedOut, setTimedOut] = useState(false);
  const [removed, setRemoved] = useState(false);
  const leaving = ready || timedOut || pathname !== '/';

  useEffect(() => {
    shownThisPageLoad = true;
  }, []);

  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setTimedOut(true), PRELOADER_MAX_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    if (!shown || !leaving) return undefined;
    const timer = setTimeout(() => setRemoved(true), PRELOADER_FADE_MS);
    return () => clearTimeout(timer);
  }, [shown, leaving]);

  if (!shown || removed) return null;
  return (
    <div
      className={leaving ? 'preloader preloader--leaving' : 'preloader'}
      aria-hidden="true"
      data-testid="preloader"
    >
      <div className="preloader__mark">
        <Logo />
        <span className="preloader__thread" />
      </div>
    </div>
  );
}
