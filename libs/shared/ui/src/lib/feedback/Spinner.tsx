import { VisuallyHidden } from '../a11y/VisuallyHidden';
import { cx } from '../classNames';
import { useUiWords } from '../ui-words';
import './spinner.css';
import './state.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** A small turning ring with a spoken label; it stops turning when the user asks for less motion. */
export function Spinner({ label, size = 'medium', className }: SpinnerProps) {
  const words = useUiWords();
  return (
    <span role="status" className={cx('vt-spinner-wrap', className)}>
      <span className={cx('vt-spinner', `vt-spinner--${size}`)} aria-hidden="true" />
      <VisuallyHidden>{label ?? words.loading}</VisuallyHidden>
    </span>
  );
}

export interface LoadingStateProps {
  /** Visible text under the spinner. */
  label?: string;
  className?: string;
}

/** A whole area (page, panel, table body) waiting for its data. */
export function LoadingState({ label, className }: LoadingStateProps) {
  const words = useUiWords();
  return (
    <div className={cx('vt-state', 'vt-state--loading', className)} role="status">
      <span className="vt-spinner vt-spinner--large" aria-hidden="true" />
      <p className="vt-state__message">{label ?? words.loading}</p>
    </div>
  );
}
