import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

const never = () => () => undefined;

/**
 * The page's full address, to share (e.g. in a WhatsApp message). The server render has no
 * origin, so it says only the path, and hydration completes it: both renders agree, and the
 * link is whole by the time anyone can click it.
 */
export function usePageAddress(): string {
  const { pathname } = useLocation();
  const origin = useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
  return `${origin}${pathname}`;
}
