import { useCallback, useState, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'vitrine.admin.menu';
const SMALL_SCREEN = '(max-width: 48rem)';

function readPreference(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'narrow';
  } catch {
    return true;
  }
}

function subscribeToScreen(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isSmallScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN).matches;

/**
 * Whether the side menu is wide (16rem, labels) or narrow (5.6rem, icons). The choice is
 * remembered; small screens always start narrow and open the wide menu over the page.
 */
export function useMenuWidth() {
  const small = useSyncExternalStore(subscribeToScreen, isSmallScreen, () => false);
  const [preferWide, setPreferWide] = useState(readPreference);
  const [openOnSmall, setOpenOnSmall] = useState(false);
  const wide = small ? openOnSmall : preferWide;

  const toggle = useCallback(() => {
    if (small) {
      setOpenOnSmall((open) => !open);
      return;
    }
    setPreferWide((current) => {
      const next = !current;
      try {
        localStorage.setItem(STORAGE_KEY, next ? 'wide' : 'narrow');
      } catch {
        // not remembered; it still works for this visit
      }
      return next;
    });
  }, [small]);

  const closeOnSmall = useCallback(() => setOpenOnSmall(false), []);
  return { wide, small, toggle, closeOnSmall };
}
