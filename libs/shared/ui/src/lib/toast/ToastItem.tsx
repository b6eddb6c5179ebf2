import { useEffect, useState } from 'react';
import { cx } from '../classNames';
import { useUiWords } from '../ui-words';
import type { Toast } from './toast.types';

interface ToastItemProps {
  toast: Toast;
  durationMs: number;
  onDismiss(id: number): void;
}

const ICON = { success: '✓', error: '!', info: 'i' } as const;

/** One toast. Its timer stops while the pointer or focus is on it, so it can be read. */
export function ToastItem({ toast, durationMs, onDismiss }: ToastItemProps) {
  const words = useUiWords();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(toast.id), durationMs);
    return () => clearTimeout(timer);
  }, [paused, durationMs, onDismiss, toast.id]);

  return (
    <div
      className={cx('vt-toast', `vt-toast--${toast.tone}`)}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span className="vt-toast__icon" aria-hidden="true">
        {ICON[toast.tone]}
      </span>
      <p className="vt-toast__message">{toast.message}</p>
      <button
        type="button"
        className="vt-toast__dismiss"
        aria-label={words.dismissNotification}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
