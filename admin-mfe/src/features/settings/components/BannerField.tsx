import type { Media } from '@vitrine/api-client';
import { Button, ResponsiveImage, TextField } from '@vitrine/ui';
import { useState } from 'react';
import { MediaPicker } from '../../../components/media-picker/MediaPicker';

/** The home banner as the form holds it: a library image (previewed) and a video's address. */
export interface FormBanner {
  mediaId: string;
  /** The library's alt text, shown here; edited in the library. */
  alt: string;
  media: Media;
  videoUrl: string;
}

export interface BannerFieldProps {
  value: FormBanner | null;
  onChange(banner: FormBanner | null): void;
  errors?: { mediaId?: string; videoUrl?: string };
}

/** Ids the error summary links to. */
export const BANNER_IMAGE_ID = 'settings-banner-mediaId';
export const BANNER_VIDEO_ID = 'settings-banner-videoUrl';

/**
 * The home page's banner: an image from the media library (chosen, replaced or removed,
 * its alt text the library's), and optionally a video file that plays over it. Without one
 * the home page keeps its default banner.
 */
export function BannerField({ value, onChange, errors = {} }: BannerFieldProps) {
  const [picking, setPicking] = useState(false);
  const imageError = errors.mediaId ? `${BANNER_IMAGE_ID}-error` : undefined;

  return (
    <div className="adm-banner">
      {value ? (
        <div className="adm-banner__current">
          {/* At most 20rem wide (.adm-banner__preview). */}
          <ResponsiveImage
            className="adm-banner__preview"
            media={value.media}
            alt=""
            sizes="320px"
          />
          <p className="adm-banner__alt">
            <strong>Alt text</strong> (from the media library):{' '}
            {value.alt || <em>none yet, so the picture counts as decoration</em>}
          </p>
        </div>
      ) : (
        <p className="adm-banner__empty">
          No banner chosen: the home page shows the first category's picture under a woven-pattern
          video.
        </p>
      )}
      {errors.mediaId && (
        <p id={imageError} className="vt-field__error">
          {errors.mediaId}
        </p>
      )}
      <div className="adm-banner__actions">
        <Button
          id={BANNER_IMAGE_ID}
          variant="secondary"
          aria-describedby={imageError}
          onClick={() => setPicking(true)}
        >
          {value ? 'Replace image' : 'Choose image'}
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Remove banner
          </Button>
        )}
      </div>
      {value && (
        <TextField
          id={BANNER_VIDEO_ID}
          label="Video over the image (optional)"
          type="url"
          maxLength={500}
          value={value.videoUrl}
          error={errors.videoUrl}
          hint="The address of an .mp4 or .webm file, starting with https://. It plays muted and looped over the image, which shows until it starts and to visitors who ask for less motion. Leave empty for the image alone."
          onChange={(event) => onChange({ ...value, videoUrl: event.target.value })}
        />
      )}
      {picking && (
        <MediaPicker
          title="Choose the home banner"
          onClose={() => setPicking(false)}
          onPick={([item]) => {
            if (item) {
              onChange({
                mediaId: item._id,
                alt: item.alt,
                media: item.media,
                videoUrl: value?.videoUrl ?? '',
              });
            }
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
