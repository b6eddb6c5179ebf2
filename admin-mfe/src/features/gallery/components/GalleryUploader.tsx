import { Button, FormError, TextField, useToast } from '@vitrine/ui';
import { type FormEvent, useId, useState } from 'react';
import { FilePreview } from '../../../components/FilePreview';
import { IMAGE_ACCEPT } from '../../../components/ImageField';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { useLeaveGuard } from '../../../lib/forms/leave-guard';
import { GALLERY_BATCH_MAX, uploadGalleryImages } from '../api/upload-gallery-images';

interface Pending {
  key: string;
  file: File;
  alt: string;
  error?: string;
}

let lastKey = 0;

/** Picks several images, asks an alt text for each, and uploads them in one request. */
export function GalleryUploader({ onUploaded }: { onUploaded(): void }) {
  const id = useId();
  const toast = useToast();
  const [pending, setPending] = useState<Pending[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  // Picked images and their alt texts are work too.
  useLeaveGuard(pending.length > 0);

  function pick(files: FileList | null) {
    if (!files?.length) return;
    const room = GALLERY_BATCH_MAX - pending.length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    if (chosen.length < files.length)
      toast.info(`At most ${GALLERY_BATCH_MAX} images at a time; the rest were left out`);
    setPending((current) => [
      ...current,
      ...chosen.map((file) => ({
        key: `upload-${(lastKey += 1)}`,
        file,
        // A start for the description: the file name without extension or dashes.
        alt: file.name
          .replace(/\.[^.]+$/, '')
          .replace(/[-_]+/g, ' ')
          .trim(),
      })),
    ]);
    setInputKey((key) => key + 1);
    setMessage('');
  }

  function setAlt(key: string, alt: string) {
    setPending((current) =>
      current.map((item) => (item.key === key ? { ...item, alt, error: undefined } : item)),
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = pending.map((item) => ({
      ...item,
      error: !item.alt.trim()
        ? 'Describe the image for people who cannot see it'
        : item.alt.trim().length > 200
          ? 'At most 200 characters'
          : undefined,
    }));
    setPending(checked);
    if (checked.some((item) => item.error)) {
      setMessage('Every image needs an alt text.');
      return;
    }
    setMessage('');
    setProgress(0);
    try {
      await uploadGalleryImages(pending, setProgress);
    } catch (error) {
      setProgress(null);
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error);
      setMessage(Object.values(fields)[0] ?? errorMessage(error));
      toast.error(`The images were not uploaded: ${errorMessage(error)}`);
      return;
    }
    setProgress(null);
    toast.success(
      pending.length === 1
        ? 'Image added to the gallery'
        : `${pending.length} images added to the gallery`,
    );
    setPending([]);
    onUploaded();
  }

  const errors = pending
    .map((item, index) =>
      item.error
        ? { message: `Image ${index + 1}: ${item.error}`, fieldId: `${id}-${item.key}` }
        : null,
    )
    .filter((item): item is { message: string; fieldId: string } => item !== null);

  return (
    <form className="adm-card adm-gallery-upload" noValidate onSubmit={handleSubmit}>
      <h2 className="adm-form-section__title">Add images</h2>
      <FormError title="The images were not uploaded" message={message} errors={errors} />
      <div className="vt-field">
        <label className="vt-field__label" htmlFor={`${id}-files`}>
          Choose images
        </label>
        <p className="vt-field__hint" id={`${id}-files-hint`}>
          Up to {GALLERY_BATCH_MAX} at a time: JPEG, PNG, WebP, AVIF or GIF.
        </p>
        <input
          key={inputKey}
          id={`${id}-files`}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="adm-file-input"
          aria-describedby={`${id}-files-hint`}
          disabled={progress !== null || pending.length >= GALLERY_BATCH_MAX}
          onChange={(event) => pick(event.target.files)}
        />
      </div>
      {pending.length > 0 && (
        <>
          <ul className="adm-gallery-upload__list">
            {pending.map((item, index) => (
              <li key={item.key} className="adm-gallery-upload__item">
                <FilePreview
                  file={item.file}
                  alt={`Preview of image ${index + 1}`}
                  className="adm-gallery-upload__img"
                />
                <TextField
                  id={`${id}-${item.key}`}
                  label={`Alt text for image ${index + 1}`}
                  hint={item.file.name}
                  required
                  maxLength={200}
                  value={item.alt}
                  error={item.error}
                  onChange={(event) => setAlt(item.key, event.target.value)}
                  wrapperClassName="adm-gallery-upload__alt"
                />
                <Button
                  variant="ghost"
                  className="adm-small-button"
                  aria-label={`Leave out image ${index + 1}`}
                  disabled={progress !== null}
                  onClick={() => setPending((current) => current.filter((p) => p.key !== item.key))}
                >
                  Leave out
                </Button>
              </li>
            ))}
          </ul>
          {progress !== null && <UploadProgress fraction={progress} label="Uploading" />}
          <div className="adm-form-actions">
            <Button type="submit" busy={progress !== null}>
              {pending.length === 1 ? 'Upload 1 image' : `Upload ${pending.length} images`}
            </Button>
            <Button
              variant="secondary"
              disabled={progress !== null}
              onClick={() => {
                setPending([]);
                setMessage('');
              }}
            >
              Clear
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
