import { Button, TextField } from '@vitrine/ui';
import { useState } from 'react';
import { handlePanelKeys } from './LinkForm';
import { isAllowedImageUrl } from './urls';

export interface ImageFormProps {
  id: string;
  /** Present when the page can upload files; otherwise only an address can be given. */
  onUpload?: (file: File) => Promise<string>;
  onInsert(src: string, alt: string): void;
  onCancel(): void;
}

interface Errors {
  source?: string;
  alt?: string;
}

/** The inline panel for an image: an uploaded file or an https address, and its alt text. */
export function ImageForm({ id, onUpload, onInsert, onCancel }: ImageFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function insert() {
    const found = validate(file, url, alt, Boolean(onUpload));
    setErrors(found);
    if (found.source || found.alt) return;

    if (!file || !onUpload) {
      onInsert(url.trim(), alt.trim());
      return;
    }
    setBusy(true);
    try {
      onInsert(await onUpload(file), alt.trim());
    } catch {
      setErrors({ source: 'The image could not be uploaded. Try again, or use another file.' });
      setBusy(false);
    }
  }

  return (
    <div
      id={id}
      role="group"
      aria-label="Image"
      className="vt-rte__popover"
      onKeyDown={(event) => handlePanelKeys(event, insert, onCancel)}
    >
      {onUpload && (
        <TextField
          label="Upload an image"
          type="file"
          accept="image/*"
          autoFocus
          error={file ? errors.source : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors({});
          }}
        />
      )}
      <TextField
        label={onUpload ? 'Or the address of an image' : 'Image address'}
        hint="Starts with https://"
        inputMode="url"
        autoFocus={!onUpload}
        value={url}
        disabled={file !== null}
        error={file ? undefined : errors.source}
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField
        label="Alternative text"
        hint="What the image shows, for people who cannot see it"
        value={alt}
        error={errors.alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <div className="vt-rte__popover-actions">
        <Button busy={busy} onClick={insert}>
          Insert image
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function validate(file: File | null, url: string, alt: string, canUpload: boolean): Errors {
  const errors: Errors = {};
  if (file) {
    if (!file.type.startsWith('image/'))
      errors.source = 'Choose an image file (JPEG, PNG or WebP).';
  } else if (!url.trim()) {
    errors.source = canUpload
      ? 'Choose an image file or enter the address of an image.'
      : 'Enter the address of an image.';
  } else if (!isAllowedImageUrl(url.trim())) {
    errors.source = 'Enter an address starting with https://';
  }
  if (!alt.trim()) errors.alt = 'Describe the image for people who cannot see it.';
  return errors;
}
