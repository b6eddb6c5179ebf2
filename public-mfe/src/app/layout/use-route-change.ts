import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * What a full page load would do, on every change of page: start at the top, and (after the
 * first page) put focus on the main content so keyboard and screen-reader users begin there.
 * A change of the query alone (a filter tab) or of the hash (an in-page link) is not a new
 * page: it keeps the scroll position, and a hash scrolls to its target instead.
 */
export function useRouteChange(main: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  const firstPage = useRef(true);

  const onNewPage = useEffectEvent(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  });

  useEffect(() => onNewPage(), [pathname]);
}
