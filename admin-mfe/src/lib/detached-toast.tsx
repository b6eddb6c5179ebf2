import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastTone } from '@vitrine/ui';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

let last = { message: '', at: 0 };

function Show({ tone, message }: { tone: ToastTone; message: string }) {
  const toast = useToast();
  useEffect(() => {
    toast[tone](message);
  }, [toast, tone, message]);
  return null;
}

/**
 * A toast that outlives the admin area: signing out or an expired session leaves /admin for
 * the public site (another remote), which unmounts this area and its toasts with it. This
 * one has its own small root on <body> and removes itself when the toast is gone.
 */
export function showDetachedToast(tone: ToastTone, message: string): void {
  const now = Date.now();
  // Several failing requests (or StrictMode's second effect) report the same thing once.
  if (last.message === message && now - last.at < 2000) return;
  last = { message, at: now };
  const host = document.createElement('div');
  host.className = 'adm-detached-toast';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <ToastProvider>
      <Show tone={tone} message={message} />
    </ToastProvider>,
  );
  setTimeout(() => {
    root.unmount();
    host.remove();
  }, TOAST_DURATION_MS[tone] + 500);
}
