import { useEffect, useSyncExternalStore } from 'react';
import { getEnquiryStats } from '../api/get-enquiry-stats';

// One count for the whole area: the menu badge shows it, and any screen that changes an
// enquiry asks for a fresh one with refreshNewEnquiryCount().
let count: number | null = null;
let inFlight: AbortController | null = null;
const listeners = new Set<() => void>();

function publish(next: number | null) {
  count = next;
  for (const listener of listeners) listener();
}

/** Asks the API again; a newer request replaces one still running. */
export function refreshNewEnquiryCount(): void {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  getEnquiryStats(controller.signal).then(
    (stats) => {
      if (!controller.signal.aborted) publish(stats.new);
    },
    () => undefined, // the badge is a hint; a failure leaves the last count
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many enquiries are new, or null until known; refreshed every minute while shown. */
export function useNewEnquiryCount(): number | null {
  useEffect(() => {
    refreshNewEnquiryCount();
    const timer = setInterval(refreshNewEnquiryCount, 60_000);
    return () => {
      clearInterval(timer);
      inFlight?.abort();
    };
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
}
