import { Button } from '@vitrine/ui';
import type { KeyboardEvent, ReactNode } from 'react';

export interface PopoverPanelProps {
  id: string;
  /** What the panel is for, its accessible name: "Link", "Image". */
  label: string;
  /** The main action's words, e.g. "Insert image". */
  submitLabel: string;
  onSubmit(): void;
  onCancel(): void;
  /** Actions between the main one and Cancel, e.g. "Remove link". */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * The editor's inline panel (link, image). It is a group, not a <form>: the editor sits
 * inside the page's own form, and forms cannot nest. Enter in a text field runs the main
 * action, Escape cancels; the actions end with Cancel.
 */
export function PopoverPanel({
  id,
  label,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
  children,
}: PopoverPanelProps) {
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      className="vt-rte__popover"
      onKeyDown={(event) => handlePanelKeys(event, onSubmit, onCancel)}
    >
      {children}
      <div className="vt-rte__popover-actions">
        <Button onClick={onSubmit}>{submitLabel}</Button>
        {extraActions}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Enter in a text field submits the panel (not the page's form); Escape closes it. */
function handlePanelKeys(
  event: KeyboardEvent<HTMLElement>,
  submit: () => void,
  cancel: () => void,
) {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    cancel();
  } else if (
    event.key === 'Enter' &&
    event.target instanceof HTMLInputElement &&
    event.target.type !== 'file'
  ) {
    event.preventDefault();
    submit();
  }
}
