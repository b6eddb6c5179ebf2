import type { MediaItem } from '@vitrine/api-client';
import { Button } from '@vitrine/ui';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { IMAGE_LIMITS_HINT, imageProblem } from '../../lib/image-check';
import { uploadMediaItem } from '../../lib/media-library';
import { IMAGE_ACCEPT } from '../ImageField';
import { MediaTextFields } from './MediaTextFields';
import './media-picker.css';

/** A new image for the library: the file, its alt text (required), a caption. */
export function MediaUploadForm({
  onUploaded,
  actionLabel = 'Upload and choose',
}: {
  onUploaded(item: MediaItem): void;
  actionLabel?: string;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // A new key gives a fresh <input type=file>, the only way to clear its selection.
  const [inputKey, setInputKey] = useState(0);

  async function submit() {
    const problems = {
      file: file ? undefined : 'Choose an image file',
      alt: alt.trim() ? undefined : 'Describe the image for people who cannot see it',
    };
    setErrors(problems);
    if (!file || problems.alt) return;
    setBusy(true);
    try {
      const item = await uploadMediaItem(file, { alt: alt.trim(), caption: caption.trim() });
      onUploaded(item);
      setFile(null);
      setAlt('');
      setCaption('');
      setInputKey((key) => key + 1);
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The image was not uploaded') });
    } finally {
      setBusy(false);
    }
  }

  return (
    // Not a <form>: the dialog opens from inside the page's form.
    <div className="adm-media-picker__upload" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="adm-media-picker__heading">
        Upload a new image
      </h3>
      <div className={`vt-field${errors.file ? ' vt-field--invalid' : ''}`}>
        <label className="vt-field__label" htmlFor={`${id}-file`}>
          Image file
        </label>
        <p id={`${id}-file-hint`} className="vt-field__hint">
          {IMAGE_LIMITS_HINT}
        </p>
        <input
          key={inputKey}
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          className="adm-file-input"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
          onChange={async (event) => {
            const picked = event.target.files?.[0] ?? null;
            // A file the API would refuse is named with the reason before anything is sent.
            const problem = picked && (await imageProblem(picked));
            if (problem) {
              setErrors({ file: `${picked.name}: ${problem}. The file was not added.` });
              setFile(null);
              setInputKey((key) => key + 1);
              return;
            }
            setErrors(({ file: _refused, ...others }) => others);
            setFile(picked);
          }}
        />
        {errors.file && (
          <p id={`${id}-file-error`} className="vt-field__error" role="alert">
            {errors.file}
          </p>
        )}
      </div>
      <MediaTextFields
        id={id}
        alt={alt}
        caption={caption}
        errors={errors}
        onAltChange={setAlt}
        onCaptionChange={setCaption}
      />
      {errors.form && (
        <p className="vt-field__error" role="alert">
          {errors.form}
        </p>
      )}
      <Button variant="secondary" busy={busy} onClick={() => void submit()}>
        {actionLabel}
      </Button>
    </div>
  );
}
