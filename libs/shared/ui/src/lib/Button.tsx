import type { ComponentPropsWithRef } from 'react';
import { cx } from './classNames';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  /** Shows the button as busy and stops a second submit while a request is under way. */
  busy?: boolean;
}

/** The studio's button. `type` defaults to "button" so a button never submits a form by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  children,
  className,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={buttonClassName(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="vt-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * The button look for something that is not a `<button>`, e.g. a router `<Link>` that reads
 * "Add product": `<Link className={linkButtonClass('primary')} to="…">`.
 */
export function linkButtonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return buttonClassName(variant, className);
}

function buttonClassName(variant: ButtonVariant, className?: string): string {
  return cx('vt-button', `vt-button--${variant}`, className);
}
