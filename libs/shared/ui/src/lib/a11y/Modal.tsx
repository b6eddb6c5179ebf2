import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useEffectEvent,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../classNames';
import { focusableWithin } from './focusable';
import './modal.css';

export interface ModalProps {
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** Called on Escape and on a click on the backdrop. */
  onClose(): void;
  /** Receives focus when the dialog opens; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on close, asked at that moment (a lightbox: the thumbnail of the image
   * last shown); without it, or when it gives nothing in the page, the opener.
   */
  returnFocus?(): HTMLElement | null | undefined;
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>): void;
  className?: string;
  children: ReactNode;
}

/**
 * The modal primitive under ConfirmDialog and Lightbox: focus moves in on open, Tab cycles
 * inside, Escape closes, and focus goes back to whatever had it before (the opener), or to
 * where `returnFocus` says.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  initialFocus,
  returnFocus,
  onKeyDown,
  className,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  const focusInitial = useEffectEvent((dialog: HTMLElement) => {
    (initialFocus?.current ?? focusableWithin(dialog)[0] ?? dialog).focus();
  });

  const focusOnClose = useEffectEvent(() => returnFocus?.());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusInitial(dialog);

    // Screen-reader virtual cursors and clicks can still move focus out; pull it back.
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.style.overflow = overflow;
      const target = focusOnClose();
      if (target?.isConnected) target.focus();
      else if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(event, dialogRef.current);
    }
  }

  return createPortal(
    <div
      className="vt-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx('vt-modal', className)}
        onKeyDown={handleKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const items = focusableWithin(dialog);
  if (items.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
