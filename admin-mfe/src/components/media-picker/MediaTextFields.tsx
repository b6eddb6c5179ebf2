import { bindField, TextField, type FieldMessages } from '@vitrine/ui';
import type { UseFormReturn } from 'react-hook-form';

/** The API's limits for a library image's words (media-item DTO). */
const ALT_MAX = 200;
const CAPTION_MAX = 300;

/** A library image's words as its forms hold them. */
export interface MediaText {
  alt: string;
  caption: string;
}

/** The alt text is what the API requires; the caption may stay empty. */
export function mediaTextRules({ alt }: MediaText): FieldMessages {
  return { alt: alt.trim() ? undefined : 'Describe the image for people who cannot see it' };
}

/** The API's names for these fields are the form's. */
export const mediaTextPath = (apiField: string) =>
  apiField === 'alt' || apiField === 'caption' ? apiField : undefined;

/** A library image's alt text (required) and caption, where it is uploaded and where it is edited. */
export function MediaTextFields({
  id,
  form,
}: {
  id: string;
  form: Pick<UseFormReturn<MediaText>, 'register' | 'formState'>;
}) {
  return (
    <>
      <TextField
        label="Alt text"
        hint="What the image shows, for people who cannot see it"
        required
        maxLength={ALT_MAX}
        {...bindField(form, 'alt', `${id}-alt`)}
      />
      <TextField
        label="Caption"
        maxLength={CAPTION_MAX}
        {...bindField(form, 'caption', `${id}-caption`)}
      />
    </>
  );
}
