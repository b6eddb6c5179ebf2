import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { actionOfLink, reportAction, reportView } from '../../lib/insights';

/**
 * Reports each client-side move to a new page (not the first page, which the shell counted
 * as it served it; not a change of query or hash alone) and each click on a WhatsApp, phone
 * or e-mail link anywhere on the site.
 */
export function useInsights(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    reportView(pathname);
  }, [pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const action = link ? actionOfLink(link.getAttribute('href') ?? '') : null;
      if (action) reportAction(action);
    };
    // Capture: a link whose own handler stops the event is still counted.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
