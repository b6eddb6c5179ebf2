import { TextField } from '@vitrine/ui';

/** The API's limits for a library image's words (media-item DTO). */
const ALT_MAX = 200;
const CAPTION_MAX = 300;

export interface MediaTextFieldsProps {
  /** Prefixes the inputs' ids. */
  id: string;
  alt: string;
  caption: string;
  errors: { alt?: string; caption?: string };
  onAltChange(alt: string): void;
  onCaptionChange(caption: string): void;
}

/** A library image's alt text (required) and caption, where it is uploaded and where it is edited. */
export function MediaTextFields({
  id,
  alt,
  caption,
  errors,
  onAltChange,
  onCaptionChange,
}: MediaTextFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-alt`}
        label="Alt text"
        hint="What the image shows, for people who cannot see it"
        required
        maxLength={ALT_MAX}
        value={alt}
        error={errors.alt}
        onChange={(event) => onAltChange(event.target.value)}
      />
      <TextField
        id={`${id}-caption`}
        label="Caption"
        maxLength={CAPTION_MAX}
        value={caption}
        error={errors.caption}
        onChange={(event) => onCaptionChange(event.target.value)}
      />
    </>
  );
}
