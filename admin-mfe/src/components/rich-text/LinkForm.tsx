import { Button, TextField } from '@vitrine/ui';
import { useState } from 'react';
import { PopoverPanel } from './PopoverPanel';
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

/** The inline panel that asks for a link's address. Enter applies, Escape cancels. */
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
    <PopoverPanel
      id={id}
      label="Link"
      submitLabel={canRemove ? 'Update link' : 'Add link'}
      onSubmit={apply}
      onCancel={onCancel}
      extraActions={
        canRemove && (
          <Button variant="secondary" onClick={onRemove}>
            Remove link
          </Button>
        )
      }
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
    </PopoverPanel>
  );
}
