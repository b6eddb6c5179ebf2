import type { MediaItem } from '@vitrine/api-client';
import { Button, FormError, ResponsiveImage, TextField, useToast } from '@vitrine/ui';
import { type FormEvent, useId, useState } from 'react';
import { FilePreview } from '../../../components/FilePreview';
import { MediaPicker } from '../../../components/media-picker/MediaPicker';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../../lib/errors';
import { useLeaveGuard } from '../../../lib/forms/leave-guard';
import { IMAGE_ACCEPT, IMAGE_LIMITS_HINT, imageProblem } from '../../../lib/image-check';
import {
  addLibraryImagesToGallery,
  GALLERY_BATCH_MAX,
  uploadGalleryImages,
} from '../api/upload-gallery-images';
import '../../../components/form-actions.css';

interface Pending {
  key: string;
  /** A file to upload, or an image of the media library (`library`). */
  file?: File;
  library?: MediaItem;
  alt: string;
  /** The alt text's problem. */
  error?: string;
  /** Why the file itself cannot go (checked in the browser, or refused by the API). */
  problem?: string;
}

let lastKey = 0;

/** What names a pending image to the editor: its file's name, or where it comes from. */
const nameOf = (item: Pending) =>
  item.file?.name ?? `Library image “${item.library?.alt || 'without alt text'}”`;

/**
 * Picks several images (files, or images of the media library), asks an alt text for each
 * (never made up from a file name), and adds them one by one: each file
 * is checked in the browser first (type, size, pixels), and succeeds or fails on its own,
 * so one file that is too large never costs the others. A failed file stays in the list,
 * named, with the reason.
 */
export function GalleryUploader({ onUploaded }: { onUploaded(): void }) {
  const id = useId();
  const toast = useToast();
  const [pending, setPending] = useState<Pending[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [choosing, setChoosing] = useState(false);
  // Picked images and their alt texts are work too.
  useLeaveGuard(pending.length > 0);

  function pick(files: FileList | null) {
    if (!files?.length) return;
    const room = GALLERY_BATCH_MAX - pending.length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    if (chosen.length < files.length)
      toast.info(`At most ${GALLERY_BATCH_MAX} images at a time; the rest were left out`);
    const added = chosen.map((file) => ({
      key: `upload-${(lastKey += 1)}`,
      file,
      // Empty: a file name ("gal1") passes the check without describing anything.
      alt: '',
    }));
    setPending((current) => [...current, ...added]);
    setInputKey((key) => key + 1);
    setMessage('');
    for (const item of added) {
      void imageProblem(item.file).then((problem) => {
        if (problem) setProblem(item.key, problem);
      });
    }
  }

  /** Library images come with the library's alt text, which the gallery may say otherwise. */
  function pickFromLibrary(items: MediaItem[]) {
    const known = new Set(pending.flatMap((item) => item.library?._id ?? []));
    const room = GALLERY_BATCH_MAX - pending.length;
    const fresh = items.filter((item) => !known.has(item._id));
    const chosen = fresh.slice(0, Math.max(0, room));
    if (chosen.length < fresh.length)
      toast.info(`At most ${GALLERY_BATCH_MAX} images at a time; the rest were left out`);
    setPending((current) => [
      ...current,
      ...chosen.map((library) => ({ key: `library-${(lastKey += 1)}`, library, alt: library.alt })),
    ]);
    setChoosing(false);
    setMessage('');
  }

  function setProblem(key: string, problem: string | undefined) {
    setPending((current) =>
      current.map((item) => (item.key === key ? { ...item, problem } : item)),
    );
  }

  function setAlt(key: string, alt: string) {
    setPending((current) =>
      current.map((item) => (item.key === key ? { ...item, alt, error: undefined } : item)),
    );
  }

  const sendable = pending.filter((item) => !item.problem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = pending.map((item) => ({
      ...item,
      error: item.problem
        ? undefined
        : !item.alt.trim()
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
    const batch = checked.filter((item) => !item.problem);
    if (batch.length === 0) return;
    setMessage('');
    setProgress(0);
    const uploaded = new Set<string>();
    const refused: string[] = [];
    for (const [index, item] of batch.entries()) {
      try {
        const onProgress = (fraction: number) => setProgress((index + fraction) / batch.length);
        if (item.library) {
          await addLibraryImagesToGallery(
            [{ mediaId: item.library._id, alt: item.alt }],
            onProgress,
          );
        } else if (item.file) {
          await uploadGalleryImages([{ file: item.file, alt: item.alt }], onProgress);
        }
        uploaded.add(item.key);
      } catch (error) {
        if (isUnauthorized(error)) break;
        const reason = Object.values(fieldErrorsOf(error))[0] ?? errorMessage(error);
        setProblem(item.key, reason);
        refused.push(`${nameOf(item)} (${reason})`);
      }
    }
    setProgress(null);
    setPending((current) => current.filter((item) => !uploaded.has(item.key)));
    if (uploaded.size > 0) {
      toast.success(
        uploaded.size === 1
          ? 'Image added to the gallery'
          : `${uploaded.size} images added to the gallery`,
        { topic: 'gallery-upload' },
      );
      onUploaded();
    }
    if (refused.length > 0) {
      toast.error(
        `${refused.length === 1 ? 'One image was' : `${refused.length} images were`} not uploaded: ${refused.join('; ')}`,
        { topic: 'gallery-upload' },
      );
    }
  }

  const errors = pending
    .map((item) =>
      item.problem || item.error
        ? {
            message: `${nameOf(item)}: ${item.problem ?? item.error}`,
            fieldId: `${id}-${item.key}`,
          }
        : null,
    )
    .filter((item): item is { message: string; fieldId: string } => item !== null);

  return (
    <form className="adm-card adm-gallery-upload" noValidate onSubmit={handleSubmit}>
      <h2 className="adm-form-section__title">Add images</h2>
      <FormError title="Some images cannot be uploaded" message={message} errors={errors} />
      <div className="vt-field">
        <label className="vt-field__label" htmlFor={`${id}-files`}>
          Choose images
        </label>
        <p className="vt-field__hint" id={`${id}-files-hint`}>
          Up to {GALLERY_BATCH_MAX} at a time: {IMAGE_LIMITS_HINT}.
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
      <Button
        variant="secondary"
        disabled={progress !== null || pending.length >= GALLERY_BATCH_MAX}
        onClick={() => setChoosing(true)}
      >
        Choose from the media library
      </Button>
      {choosing && (
        <MediaPicker
          title="Add images from the media library"
          multiple
          onClose={() => setChoosing(false)}
          onPick={pickFromLibrary}
        />
      )}
      {pending.length > 0 && (
        <>
          <ul className="adm-gallery-upload__list">
            {pending.map((item, index) => (
              <li key={item.key} className="adm-gallery-upload__item">
                {item.file ? (
                  <FilePreview
                    file={item.file}
                    alt={`Preview of image ${index + 1}`}
                    className="adm-gallery-upload__img"
                  />
                ) : (
                  // Decorative: the alt text field beside it says what it shows.
                  <ResponsiveImage
                    media={item.library?.media}
                    alt=""
                    sizes="96px"
                    className="adm-gallery-upload__img"
                  />
                )}
                <TextField
                  id={`${id}-${item.key}`}
                  label={`Alt text for image ${index + 1}`}
                  hint={item.file?.name ?? 'From the media library'}
                  required
                  maxLength={200}
                  value={item.alt}
                  error={item.problem ? `${nameOf(item)}: ${item.problem}` : item.error}
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
            <Button type="submit" busy={progress !== null} disabled={sendable.length === 0}>
              {`${sendable.some((item) => item.file) ? 'Upload' : 'Add'} ${sendable.length} image${sendable.length === 1 ? '' : 's'}`}
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
