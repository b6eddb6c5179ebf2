import { Button, TextField } from '@vitrine/ui';
import { type KeyboardEvent, useState } from 'react';
import { isAllowedLinkUrl } from './urls';

export interface LinkFormProps {
  id: string;
  initialUrl: string;
  /** Offers "Remove link" when the selection is already a link. */
  canRemove: boolean;
  onApply(url: string): void;
  onRemove(): void;
  onCancel(): void;
}

export const LINK_URL_ERROR = 'Enter a full address starting with https://, http:// or mailto:';

/**
 * The inline panel that asks for a link's address. It is a group, not a <form>: the editor
 * sits inside the page's own form, and forms cannot nest. Enter applies, Escape cancels.
 */
export function LinkForm({
  id,
  initialUrl,
  canRemove,
  onApply,
  onRemove,
  onCancel,
}: LinkFormProps) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState('');

  function apply() {
    const address = url.trim();
    if (!isAllowedLinkUrl(address)) {
      setError(LINK_URL_ERROR);
      return;
    }
    onApply(address);
  }

  return (
    <div
      id={id}
      role="group"
      aria-label="Link"
      className="vt-rte__popover"
      onKeyDown={(event) => handlePanelKeys(event, apply, onCancel)}
    >
      <TextField
        label="Link address"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        // The panel opens because the author asked for it; its field is where they type next.
        autoFocus
        value={url}
        error={error}
        onChange={(event) => {
          setUrl(event.target.value);
          setError('');
        }}
      />
      <div className="vt-rte__popover-actions">
        <Button onClick={apply}>{canRemove ? 'Update link' : 'Add link'}</Button>
        {canRemove && (
          <Button variant="secondary" onClick={onRemove}>
            Remove link
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Enter in a text field submits the panel (not the page's form); Escape closes it. */
export function handlePanelKeys(
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
