import { type ReactNode, useId, useRef } from 'react';
import { Modal } from '../a11y/Modal';
import { Button } from '../Button';
import { useUiWords } from '../ui-words';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" paints the confirm button red and puts first focus on Cancel. */
  tone?: 'default' | 'danger';
  /** Shows the confirm button as busy, e.g. while the delete request runs. */
  busy?: boolean;
  onConfirm(): void;
  /** Called by Cancel, Escape and a click outside the dialog. */
  onCancel(): void;
}

/** A modal yes/no question, e.g. "Delete this product?". Controlled by `open`. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const words = useUiWords();
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  if (!open) return null;

  // A destructive action should need a deliberate move, so Enter on open does not delete.
  const initialFocus = tone === 'danger' ? cancelRef : confirmRef;

  return (
    <Modal
      labelledBy={titleId}
      describedBy={message ? messageId : undefined}
      onClose={onCancel}
      initialFocus={initialFocus}
      className="vt-confirm"
    >
      <h2 id={titleId} className="vt-modal__title">
        {title}
      </h2>
      {message && (
        <div id={messageId} className="vt-modal__body">
          {message}
        </div>
      )}
      <div className="vt-modal__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {cancelLabel ?? words.cancel}
        </Button>
        <Button
          ref={confirmRef}
          variant={tone === 'danger' ? 'danger' : 'primary'}
          busy={busy}
          onClick={onConfirm}
        >
          {confirmLabel ?? words.confirm}
        </Button>
      </div>
    </Modal>
  );
}
