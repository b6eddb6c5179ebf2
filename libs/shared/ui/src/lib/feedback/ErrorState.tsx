import type { ReactNode } from 'react';
import { Button } from '../Button';
import { cx } from '../classNames';
import { useUiWords } from '../ui-words';
import './state.css';

export interface ErrorStateProps {
  title?: ReactNode;
  /** What went wrong, in the user's words rather than the server's. */
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** Shown in place of content that failed to load; announced at once. */
export function ErrorState({ title, message, onRetry, retryLabel, className }: ErrorStateProps) {
  const words = useUiWords();
  return (
    <div className={cx('vt-state', 'vt-state--error', className)} role="alert">
      <p className="vt-state__title">{title ?? words.errorTitle}</p>
      {message && <div className="vt-state__message">{message}</div>}
      {onRetry && (
        <div className="vt-state__action">
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel ?? words.tryAgain}
          </Button>
        </div>
      )}
    </div>
  );
}
