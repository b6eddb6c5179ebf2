import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';
import { ToastItem } from './ToastItem';
import type { Toast, ToastOptions, ToastTone } from './toast.types';
import './toast.css';

export interface ToastApi {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
}

/** How long each tone stays up. Errors stay longer: they usually need reading twice. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = {
  success: 5000,
  info: 5000,
  error: 10000,
};

// More than a few stacked toasts hide the page; the oldest give way.
const MAX_VISIBLE = 4;

const ToastContext = createContext<ToastApi | null>(null);

// Ids only need to be unique within the page, across every provider in it.
let lastToastId = 0;

export interface ToastProviderProps {
  children: ReactNode;
  durations?: Partial<Record<ToastTone, number>>;
}

/**
 * Holds the toasts of one app and renders them in a live region that is always in the page,
 * so screen readers announce each new message.
 */
export function ToastProvider({ children, durations }: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((tone: ToastTone, message: string, { topic }: ToastOptions = {}) => {
    lastToastId += 1;
    const id = lastToastId;
    setToasts((current) => {
      // The same failure reported by several requests at once is shown once.
      if (current.some((toast) => toast.tone === tone && toast.message === message)) return current;
      const kept = topic ? current.filter((toast) => toast.topic !== topic) : current;
      return [...kept, { id, tone, message, topic }].slice(-MAX_VISIBLE);
    });
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
    }),
    [show],
  );

  const durationOf = (tone: ToastTone) => durations?.[tone] ?? TOAST_DURATION_MS[tone];
  const render = (toast: Toast) => (
    <ToastItem
      key={toast.id}
      toast={toast}
      durationMs={durationOf(toast.tone)}
      onDismiss={dismiss}
    />
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="vt-toaster">
        {/* Errors announce themselves (role="alert"); nesting them in the polite region
            would make some screen readers read them twice. */}
        <div className="vt-toaster__errors">
          {toasts.filter((toast) => toast.tone === 'error').map(render)}
        </div>
        <div className="vt-toaster__messages" aria-live="polite" aria-relevant="additions text">
          {toasts.filter((toast) => toast.tone !== 'error').map(render)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Product saved')`. Needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> (or <UiProvider>) above it.');
  return api;
}
