import type { MediaItem } from '@vitrine/api-client';
import { Button } from '@vitrine/ui';
import { useId, useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_LIMITS_HINT, imageProblem } from '../../lib/image-check';
import { useCheckedForm } from '../../lib/forms/use-checked-form';
import { uploadMediaItem } from '../../lib/media-library';
import { MediaTextFields, mediaTextPath, mediaTextRules, type MediaText } from './MediaTextFields';
import './media-picker.css';

interface UploadValues extends MediaText {
  file: File | null;
}

/** A new image for the library: the file, its alt text (required), a caption. */
export function MediaUploadForm({
  onUploaded,
  actionLabel = 'Upload and choose',
}: {
  onUploaded(item: MediaItem): void;
  actionLabel?: string;
}) {
  const id = useId();
  const form = useCheckedForm<UploadValues>({
    defaultValues: { file: null, alt: '', caption: '' },
    rules: (values) => ({
      file: values.file ? undefined : 'Choose an image file',
      ...mediaTextRules(values),
    }),
    failure: 'The image was not uploaded',
    pathOf: (apiField) => (apiField === 'file' ? 'file' : mediaTextPath(apiField)),
  });
  const fileError = form.formState.errors.file?.message;
  // A new key gives a fresh <input type=file>, the only way to clear its selection.
  const [inputKey, setInputKey] = useState(0);

  const submit = form.submitWith(async ({ file, alt, caption }) => {
    if (!file) return;
    const item = await uploadMediaItem(file, { alt: alt.trim(), caption: caption.trim() });
    onUploaded(item);
    form.reset();
    setInputKey((key) => key + 1);
  });

  return (
    // Not a <form>: the dialog opens from inside the page's form.
    <div className="adm-media-picker__upload" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="adm-media-picker__heading">
        Upload a new image
      </h3>
      <div className={`vt-field${fileError ? ' vt-field--invalid' : ''}`}>
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
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
          onChange={async (event) => {
            const picked = event.target.files?.[0] ?? null;
            // A file the API would refuse is named with the reason before anything is sent.
            const problem = picked && (await imageProblem(picked));
            form.setValue('file', problem ? null : picked);
            if (problem) {
              form.setError('file', {
                message: `${picked.name}: ${problem}. The file was not added.`,
              });
              setInputKey((key) => key + 1);
            }
          }}
        />
        {fileError && (
          <p id={`${id}-file-error`} className="vt-field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      <MediaTextFields id={id} form={form} />
      {form.message && (
        <p className="vt-field__error" role="alert">
          {form.message}
        </p>
      )}
      <Button variant="secondary" busy={form.formState.isSubmitting} onClick={() => void submit()}>
        {actionLabel}
      </Button>
    </div>
  );
}
