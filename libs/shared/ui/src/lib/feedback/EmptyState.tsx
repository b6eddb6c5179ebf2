import type { ReactNode } from 'react';
import { cx } from '../classNames';
import './state.css';

export interface EmptyStateProps {
  title: ReactNode;
  /** A sentence on what would fill the space, or how to add the first item. */
  children?: ReactNode;
  /** E.g. an "Add product" link button. */
  action?: ReactNode;
  className?: string;
}

/** Shown where a list has nothing in it yet, so the page never looks broken. */
export function EmptyState({ title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cx('vt-state', 'vt-state--empty', className)}>
      <p className="vt-state__title">{title}</p>
      {children && <div className="vt-state__message">{children}</div>}
      {action && <div className="vt-state__action">{action}</div>}
    </div>
  );
}
