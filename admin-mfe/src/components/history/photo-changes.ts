import type { Media } from '@vitrine/api-client';

/** A photo as an item's `photos` keep it: a library image with the alt text it has there. */
export interface PhotoValue {
  mediaId?: string;
  alt?: string;
  media: Media;
}

/** What happened to one photo in a change, in the words the history uses. */
export type PhotoEvent = 'added' | 'removed' | 'moved' | 'cover' | 'alt';

export interface PhotoChange {
  photo: PhotoValue;
  events: PhotoEvent[];
  /** Its place (1 = the cover) before and after, where it had one. */
  from?: number;
  to?: number;
  altBefore?: string;
  altAfter?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored variants of an image, as the API answers them. */
export function isMedia(value: unknown): value is Media {
  return isObject(value) && Array.isArray(value.variants);
}

/** An image with its alt text: a photo of a list, or a one-image field such as the banner. */
export function isPhoto(value: unknown): value is PhotoValue {
  return isObject(value) && isMedia(value.media);
}

export function isPhotoList(value: unknown): value is PhotoValue[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPhoto);
}

const keyOf = (photo: PhotoValue) => photo.mediaId ?? photo.media.id;

/** The items of `a` (in order) in a longest run that `b` has in the same order. */
function commonOrder(a: string[], b: string[]): Set<string> {
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] =
        a[i] === b[j]
          ? common[(i + 1) * width + j + 1] + 1
          : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]);
      i++;
      j++;
    } else if (common[(i + 1) * width + j] >= common[i * width + j + 1]) i++;
    else j++;
  }
  return kept;
}

/**
 * How a change altered a list of photos, photo by photo: those added, removed, moved (the
 * fewest that explain the new order, so moving one photo names only that one), the new
 * cover (the first photo) and changed alt texts. The photos as they are after the change
 * come first, in their order, then those removed; a photo nothing happened to is left out.
 */
export function photoChanges(before: PhotoValue[], after: PhotoValue[]): PhotoChange[] {
  const placeBefore = new Map(before.map((photo, index) => [keyOf(photo), index]));
  const placeAfter = new Map(after.map((photo, index) => [keyOf(photo), index]));
  const stayed = commonOrder(
    before.map(keyOf).filter((key) => placeAfter.has(key)),
    after.map(keyOf).filter((key) => placeBefore.has(key)),
  );
  const newCover =
    after.length > 0 && (before.length === 0 || keyOf(before[0]) !== keyOf(after[0]));

  const changes: PhotoChange[] = [];
  after.forEach((photo, index) => {
    const key = keyOf(photo);
    const earlier = placeBefore.get(key);
    const change: PhotoChange = { photo, events: [], to: index + 1 };
    if (earlier === undefined) change.events.push('added');
    else {
      change.from = earlier + 1;
      if (!stayed.has(key)) change.events.push('moved');
    }
    if (index === 0 && newCover) change.events.push('cover');
    const altBefore = earlier === undefined ? undefined : (before[earlier].alt ?? '');
    if (altBefore !== undefined && altBefore !== (photo.alt ?? '')) {
      change.events.push('alt');
      change.altBefore = altBefore;
      change.altAfter = photo.alt ?? '';
    }
    if (change.events.length) changes.push(change);
  });
  before.forEach((photo, index) => {
    if (!placeAfter.has(keyOf(photo))) {
      changes.push({ photo, events: ['removed'], from: index + 1 });
    }
  });
  return changes;
}

/** A photo's change in words: "Added as the cover", "Moved from place 3 to 1". */
export function photoChangeWords(change: PhotoChange): string[] {
  const words: string[] = [];
  for (const event of change.events) {
    switch (event) {
      case 'added':
        words.push(change.to === 1 ? 'Added' : `Added at place ${change.to}`);
        break;
      case 'removed':
        words.push('Removed');
        break;
      case 'moved':
        words.push(`Moved from place ${change.from} to ${change.to}`);
        break;
      case 'cover':
        words.push('New cover');
        break;
      case 'alt':
        words.push('Alt text changed');
        break;
    }
  }
  return words;
}
