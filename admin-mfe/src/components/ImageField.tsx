import type { Media } from '@vitrine/api-client';
import { Button, ResponsiveImage } from '@vitrine/ui';
import { useId, useState } from 'react';
import { imageProblem } from '../lib/image-check';
import { FilePreview } from './FilePreview';
import './image-field.css';

/** The preview box's width in CSS pixels (`.adm-image-field__preview`, 9rem). */
const PREVIEW_WIDTH = 144;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

export interface ImageFieldProps {
  /** The file input's id, e.g. for a form's error summary to link to. */
  id?: string;
  label: string;
  /** The image the record has now (edit forms). */
  current?: Media | null;
  file: File | null;
  onFileChange(file: File | null): void;
  error?: string;
  hint?: string;
}

/**
 * One image: the current one or a preview of the picked file, which replaces it on save.
 * A file the API would refuse (type, size, pixels) is refused here, named, before any
 * save sends it; the field keeps what it had.
 */
export function ImageField({
  id: givenId,
  label,
  current,
  file,
  onFileChange,
  error,
  hint,
}: ImageFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  // A new key gives a fresh <input type=file>, the only way to clear its selection.
  const [inputKey, setInputKey] = useState(0);
  const [refused, setRefused] = useState<string | null>(null);
  const shownError = refused ?? error;
  const describedBy = [hint && `${id}-hint`, shownError && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className={`vt-field adm-image-field${shownError ? ' vt-field--invalid' : ''}`}>
      <label className="vt-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="vt-field__hint">
          {hint}
        </p>
      )}
      <div className="adm-image-field__body">
        <div className="adm-image-field__preview">
          {file ? (
            <FilePreview file={file} alt={`Preview of ${file.name}`} />
          ) : current?.variants.length ? (
            <ResponsiveImage
              media={current}
              alt="Currently shown on the site"
              sizes={`${PREVIEW_WIDTH}px`}
            />
          ) : (
            <span className="adm-image-field__empty">No image</span>
          )}
        </div>
        <div className="adm-image-field__controls">
          <input
            key={inputKey}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="adm-file-input"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={async (event) => {
              const picked = event.target.files?.[0] ?? null;
              const problem = picked && (await imageProblem(picked));
              setRefused(problem && `${picked.name}: ${problem}. The file was not added.`);
              if (problem) {
                // The refused file leaves the input; the image chosen before stays.
                setInputKey((key) => key + 1);
                return;
              }
              onFileChange(picked);
            }}
          />
          {file && (
            <Button
              variant="ghost"
              className="adm-small-button"
              onClick={() => {
                onFileChange(null);
                setRefused(null);
                setInputKey((key) => key + 1);
              }}
            >
              {current ? 'Keep the current image' : 'Remove the chosen image'}
            </Button>
          )}
        </div>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="vt-field__error" role={refused ? 'alert' : undefined}>
          {shownError}
        </p>
      )}
    </div>
  );
}
