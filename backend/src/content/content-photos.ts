import type { MediaLibraryService, Photo } from '../media/library/media-library.service';
import type { Media, StoredImage } from '../media/media.types';
import type { PhotoInput } from '../media/library/dto/photo.dto';

/** What a save sends: the record's fields, its photos as library images with alt texts. */
export type ContentInput<T> = Omit<Partial<T>, 'photos'> & { photos?: PhotoInput[] };

/** A record's photos; a record saved before photos existed has its one image as the cover. */
export function photosOf(document: unknown, name: string): Photo[] {
  const { photos, media } = document as { photos?: Photo[]; media?: Media | null };
  if (Array.isArray(photos)) return photos;
  return media?.id ? [{ mediaId: media.id, alt: name, media }] : [];
}

/** The file name of an image's largest variant: what `/uploads/<name>` serves. */
export function coverFileName(media: Media): string {
  return media.variants[media.variants.length - 1]?.url.split('/').pop() ?? '';
}

/** How a save changes a record's photos. */
export interface PhotoChange {
  /** The photos asked for (library images), if the save names them. */
  requested?: PhotoInput[];
  /** An image uploaded with the save: the new cover. */
  image?: StoredImage;
  /** The record's photos now. */
  current: Photo[];
  /** The record's name: an upload's alt text. */
  name: string;
  creating: boolean;
}

/**
 * The fields that show a record's photos: the photos resolved from the library (or the
 * current ones), an upload as the new cover, and the fields older clients read set from
 * the cover (`imageField`, `media`). Undefined when the save leaves the photos as they are.
 */
export async function photoFields(
  library: MediaLibraryService,
  imageField: string,
  { requested, image, current, name, creating }: PhotoChange,
): Promise<Record<string, unknown> | undefined> {
  // An update that names no photos leaves them (and a legacy record's image) as they are.
  if (!requested && !image && !creating) return undefined;
  let photos = requested ? await library.photosOf(requested, current) : current;
  if (image) {
    // The spec's single upload sets the cover: the new image takes the first place.
    const cover = { mediaId: image.media.id, alt: name, media: image.media };
    await library.offerAlts([cover]);
    photos = [cover, ...(requested ? photos : photos.slice(1))];
  }
  const first = photos[0];
  return {
    photos,
    [imageField]: first ? coverFileName(first.media) : '',
    media: first?.media ?? null,
  };
}
