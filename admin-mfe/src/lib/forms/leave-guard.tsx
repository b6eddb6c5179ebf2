import { useConfirm } from '@vitrine/ui';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useNavigate } from 'react-router-dom';

interface LeaveGuards {
  /** Adds a guard that says whether its form holds unsaved changes; returns its removal. */
  register(holdsChanges: () => boolean): () => void;
  /** Asks in the page's dialog when a form holds changes; true to go on leaving. */
  confirmLeave(): Promise<boolean>;
}

const LeaveGuardContext = createContext<LeaveGuards | null>(null);

/** A plain click that the browser or the router would follow to another page. */
function leavingLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  // mailto:, tel: and the like open another application; the page stays.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const here = window.location;
  // The same page: the error summary's #field links, a link to the screen itself.
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search)
    return null;
  return url;
}

/**
 * Keeps unsaved changes from being left behind by accident: a menu entry or any other link,
 * the browser's back and forward buttons, or signing out ask first in the page's own dialog;
 * reloading or closing the tab gets the browser's prompt, the only one a page may show then.
 * Programmatic navigation (after a save) is never held up.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const ask = useConfirm();
  const navigate = useNavigate();
  const guards = useRef(new Set<() => boolean>());
  // The move back or forward that the guard itself makes after "Leave".
  const passing = useRef(false);

  const holdsChanges = useCallback(() => [...guards.current].some((guard) => guard()), []);
  const confirmLeave = useCallback(async () => {
    if (!holdsChanges()) return true;
    return ask({
      title: 'Leave without saving?',
      message:
        'Your changes are not saved. They stay in this browser as a draft, which the form offers to restore when you come back to it.',
      confirmLabel: 'Leave',
      cancelLabel: 'Stay on the form',
      tone: 'danger',
    });
  }, [ask, holdsChanges]);

  useEffect(() => {
    // Capture phase on the document: before React Router's own click handler on the link.
    const onClick = (event: MouseEvent) => {
      if (!holdsChanges()) return;
      const url = leavingLink(event);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmLeave().then((leave) => {
        if (!leave) return;
        if (url.origin === window.location.origin)
          navigate(`${url.pathname}${url.search}${url.hash}`);
        else window.location.assign(url.href);
      });
    };

    // Back and forward: the Navigation API lets a page cancel a move within its own history
    // before it happens (popstate comes after the move, and after the router has seen it).
    // Without that API (older browsers) the draft still keeps the input.
    const history = 'navigation' in window ? window.navigation : undefined;
    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== 'traverse') return;
      if (passing.current) {
        passing.current = false;
        return;
      }
      if (!event.cancelable || !holdsChanges()) return;
      const delta = event.destination.index - (history?.currentEntry?.index ?? -1);
      if (delta === 0 || event.destination.index < 0) return;
      event.preventDefault();
      void confirmLeave().then((leave) => {
        if (!leave) return;
        passing.current = true;
        window.history.go(delta);
      });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!holdsChanges()) return;
      event.preventDefault();
      // Older browsers need a return value to show their prompt.
      event.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    history?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      history?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [confirmLeave, holdsChanges, navigate]);

  const value = useMemo<LeaveGuards>(
    () => ({
      register(guard) {
        guards.current.add(guard);
        return () => {
          guards.current.delete(guard);
        };
      },
      confirmLeave,
    }),
    [confirmLeave],
  );
  return <LeaveGuardContext.Provider value={value}>{children}</LeaveGuardContext.Provider>;
}

/** Holds the admin area while `holdsChanges` is true (a form with unsaved changes). */
export function useLeaveGuard(holdsChanges: boolean): void {
  const guards = useContext(LeaveGuardContext);
  const held = useRef(holdsChanges);
  useEffect(() => {
    held.current = holdsChanges;
  }, [holdsChanges]);
  useEffect(() => guards?.register(() => held.current), [guards]);
}

/** Asks before an action that leaves the admin area (signing out); resolves true to go on. */
export function useConfirmLeave(): () => Promise<boolean> {
  const guards = useContext(LeaveGuardContext);
  return guards?.confirmLeave ?? (() => Promise.resolve(true));
}
