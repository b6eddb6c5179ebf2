import type { FieldChange, Media } from '@vitrine/api-client';
import { fieldLabel } from '../../lib/field-label';
import { languageName } from '../../lib/site-languages';
import { formatDateTime } from '../../lib/format';
import { isMedia, isPhoto, isPhotoList, photoChanges, type PhotoChange } from './photo-changes';
import { wordDiff, type DiffPart } from './text-diff';

export { fieldLabel };

const HTML = /<[a-z][\s\S]*>/i;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A stored image's file name (`<id>-800.webp`), as the spec's image fields keep the cover. */
const FILE_NAME = /^[\w.-]+\.(webp|jpe?g|png|gif|avif)$/i;

/** Rich text as the page shows it: its words, one line per paragraph, list item or break. */
export function renderedText(html: string): string {
  const lines = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|figure)>/gi, '$&\n')
    .replace(/<li[^>]*>/gi, '$&• ');
  const text =
    typeof DOMParser === 'undefined'
      ? lines.replace(/<[^>]*>/g, '')
      : (new DOMParser().parseFromString(lines, 'text/html').body.textContent ?? '');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

type Primitive = string | number | boolean | null | undefined;
const isPrimitive = (value: unknown): value is Primitive =>
  value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);

function shownPrimitive(value: Primitive): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (HTML.test(value)) return renderedText(value);
    if (ISO_MOMENT.test(value)) return formatDateTime(value) || value;
  }
  return String(value);
}

/** A list item of flat fields as words: "Label: Instagram, URL: https://…"; ids left out. */
function shownItem(item: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (key === '_id' || /Id$/.test(key)) continue;
    if (!isPrimitive(value)) return null;
    if (value === null || value === undefined || value === '') continue;
    parts.push(`${fieldLabel(key)}: ${shownPrimitive(value)}`);
  }
  return parts.join(', ') || '(empty)';
}

/**
 * A value as a person reads it: rich text rendered, yes/no, dates as dates, a list one item a
 * line. Null when it holds what no sentence says (nested records): the history then only
 * says the field changed, never shows its JSON.
 */
export function shownValue(value: unknown): string | null {
  if (isPrimitive(value)) return shownPrimitive(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    const lines = value.map((item) =>
      isPrimitive(item)
        ? shownPrimitive(item)
        : typeof item === 'object' && !Array.isArray(item)
          ? shownItem(item as Record<string, unknown>)
          : null,
    );
    return lines.every((line) => line !== null) ? lines.join('\n') : null;
  }
  if (typeof value === 'object' && value !== null) {
    return shownItem(value as Record<string, unknown>);
  }
  return null;
}

/** Stored file names: the spec's image fields, one name or a list. */
function fileNames(value: unknown): string[] | null {
  const names = Array.isArray(value) ? value : [value];
  return names.every((name) => typeof name === 'string' && FILE_NAME.test(name))
    ? (names as string[])
    : null;
}

/** A one-image field (the home banner): the image, its alt text, and its other fields. */
export interface ImageSide {
  media: Media | null;
  alt: string;
}

/** How the history shows one field's change. */
export type ChangeView =
  | { kind: 'photos'; changes: PhotoChange[] }
  | {
      kind: 'image';
      before: ImageSide;
      after: ImageSide;
      /** The image's other fields that changed (the banner's video), in words. */
      details: { label: string; before: string; after: string }[];
    }
  | { kind: 'text'; parts: DiffPart[] }
  | { kind: 'plain'; before: string; after: string }
  | { kind: 'changed' };

function imageSide(value: unknown): ImageSide {
  if (isPhoto(value)) return { media: value.media, alt: value.alt ?? '' };
  return { media: isMedia(value) ? value : null, alt: '' };
}

const emptyOrNone = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * How a field's change reads, or null for a change the history leaves out: the spec's image
 * fields only repeat the cover, which the photos' change already shows as a picture.
 */
export function changeView(change: FieldChange, photosChanged: boolean): ChangeView | null {
  const { before, after } = change;
  if (
    (change.field === 'photos' || isPhotoList(before) || isPhotoList(after)) &&
    (isPhotoList(before) || emptyOrNone(before)) &&
    (isPhotoList(after) || emptyOrNone(after))
  ) {
    return {
      kind: 'photos',
      changes: photoChanges(isPhotoList(before) ? before : [], isPhotoList(after) ? after : []),
    };
  }
  const names = [before, after].filter((value) => !emptyOrNone(value) && value !== '');
  if (names.length > 0 && names.every((value) => fileNames(value))) {
    // Only a record from before photos existed changes its image without its photos.
    return photosChanged ? null : { kind: 'changed' };
  }
  if ([before, after].some(isPhoto) && [before, after].every((v) => isPhoto(v) || v === null)) {
    const details: { label: string; before: string; after: string }[] = [];
    const from = (before ?? {}) as Record<string, unknown>;
    const to = (after ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      if (['media', 'mediaId', 'alt', '_id'].includes(key)) continue;
      const [a, b] = [from[key], to[key]];
      if (isPrimitive(a) && isPrimitive(b) && (a ?? '') !== (b ?? '')) {
        details.push({
          label: fieldLabel(key),
          before: shownPrimitive(a),
          after: shownPrimitive(b),
        });
      }
    }
    return { kind: 'image', before: imageSide(before), after: imageSide(after), details };
  }
  if ([before, after].some((value) => typeof value === 'string' && HTML.test(value))) {
    const text = (value: unknown) => (typeof value === 'string' ? renderedText(value) : '');
    return { kind: 'text', parts: wordDiff(text(before), text(after)) };
  }
  const [shownBefore, shownAfter] = [shownValue(before), shownValue(after)];
  if (shownBefore === null || shownAfter === null) return { kind: 'changed' };
  return { kind: 'plain', before: shownBefore, after: shownAfter };
}

/** One row of a change in the History panel: its key, its label and the change it shows. */
export interface ChangeRow {
  key: string;
  label: string;
  change: FieldChange;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * A change as the panel's rows: one row per field; a change of `translations` (issue 36)
 * one row per language and field that changed, "Name (Hindi)", read as that field's change
 * is, never as a nested record.
 */
export function changeRows(change: FieldChange, labels: Record<string, string> = {}): ChangeRow[] {
  if (change.field !== 'translations') {
    return [{ key: change.field, label: fieldLabel(change.field, labels), change }];
  }
  const before = asRecord(change.before);
  const after = asRecord(change.after);
  const rows: ChangeRow[] = [];
  for (const code of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = asRecord(before[code]);
    const to = asRecord(after[code]);
    for (const name of new Set([...Object.keys(from), ...Object.keys(to)])) {
      if (sameJson(from[name], to[name])) continue;
      rows.push({
        key: `translations.${code}.${name}`,
        label: `${fieldLabel(name, labels)} (${languageName(code)})`,
        change: {
          field: name,
          before: (from[name] ?? '') as FieldChange['before'],
          after: (to[name] ?? '') as FieldChange['after'],
        },
      });
    }
  }
  return rows;
}
