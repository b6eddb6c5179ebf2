import { Button } from '@vitrine/ui';
import { type DragEvent, useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_LIMITS_HINT } from '../../lib/image-check';
import type { QueuedUpload } from './use-upload-queue';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Where new images come in: several files dropped at once or chosen in the file dialog
 * (the button reaches it from the keyboard), and each file's progress or refusal below.
 */
export function MediaDropZone({
  uploads,
  onFiles,
  onDismiss,
}: {
  uploads: readonly QueuedUpload[];
  onFiles(files: File[]): void;
  onDismiss(key: number): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div className="adm-media-picker__upload" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="adm-media-picker__heading">
        Upload new images
      </h3>
      <div
        className={`adm-drop-zone${over ? ' adm-drop-zone--over' : ''}`}
        data-testid="media-drop-zone"
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={(event) => {
          // Moving onto a child is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={drop}
      >
        <p className="adm-drop-zone__text">Drop image files here, several at once, or</p>
        <Button
          variant="secondary"
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
        >
          Choose files
        </Button>
        <p id={`${id}-hint`} className="vt-field__hint">
          {IMAGE_LIMITS_HINT}. Write each alt text below once it is uploaded.
        </p>
        {/* The button above opens it; hidden so that the keyboard meets one control. */}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={IMAGE_ACCEPT}
          aria-label="Image files"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so that choosing the same file again still counts.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="adm-uploads" aria-label="Uploads">
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className={`adm-uploads__item${upload.state === 'failed' ? ' adm-uploads__item--failed' : ''}`}
            >
              <span className="adm-uploads__name">{upload.name}</span>
              {upload.state === 'failed' ? (
                <>
                  <span className="vt-field__error" role="alert">
                    {upload.name}: {upload.error}. The file was not added.
                  </span>
                  <Button
                    variant="ghost"
                    className="adm-small-button"
                    aria-label={`Dismiss: ${upload.name}`}
                    onClick={() => onDismiss(upload.key)}
                  >
                    Dismiss
                  </Button>
                </>
              ) : (
                <progress
                  className="adm-uploads__progress"
                  max={1}
                  value={upload.progress}
                  aria-label={`Uploading ${upload.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
