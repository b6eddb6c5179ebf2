import type { Media } from '@vitrine/api-client';
import { Fieldset } from '@vitrine/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { FilePreview } from '../../../components/FilePreview';
import { Icon } from '../../../components/Icon';
import { IMAGE_ACCEPT } from '../../../components/ImageField';
import { IMAGE_LIMITS_HINT, imageProblem } from '../../../lib/image-check';
import { variantUrl } from '../../../lib/media';
import './review-images.css';

export interface CurrentImage {
  /** The stored file name, what `keepImages` lists. */
  name: string;
  media?: Media;
}

export interface NewImage {
  key: string;
  file: File;
}

export interface ReviewImages {
  current: CurrentImage[];
  added: NewImage[];
}

export interface ReviewImagesEditorProps {
  value: ReviewImages;
  onChange(value: ReviewImages): void;
  max: number;
  error?: string;
}

let lastKey = 0;
const nextKey = () => `new-${(lastKey += 1)}`;

type Group = keyof ReviewImages;

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * The photos of a review: the current ones (reorder, remove) and new ones to upload
 * (reorder, remove), new ones always after the current ones, as the API stores them.
 * Moving keeps focus on the moved photo's button; each change is announced.
 */
export function ReviewImagesEditor({ value, onChange, max, error }: ReviewImagesEditorProps) {
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [inputKey, setInputKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  // Files refused in the browser, each with its name and reason; the others were added.
  const [refused, setRefused] = useState<string[]>([]);
  // What the photos are once a batch's checks end: the form may have changed meanwhile.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const focusTarget = useRef<string | null>(null);
  const total = value.current.length + value.added.length;

  // After a move or removal React may re-insert the focused button; put focus where it belongs.
  useEffect(() => {
    if (!focusTarget.current) return;
    rootRef.current?.querySelector<HTMLElement>(focusTarget.current)?.focus();
    focusTarget.current = null;
  }, [value]);

  function reorder(group: Group, index: number, delta: -1 | 1, label: string) {
    const items = value[group];
    const to = index + delta;
    if (to < 0 || to >= items.length) return;
    const next = { ...value, [group]: move(items as unknown[], index, to) } as ReviewImages;
    onChange(next);
    const key = group === 'current' ? value.current[index].name : value.added[index].key;
    const edge = to === 0 ? 'down' : to === items.length - 1 ? 'up' : delta < 0 ? 'up' : 'down';
    focusTarget.current = `[data-image="${key}"] [data-action="${edge}"]`;
    setAnnouncement(`${label} moved to position ${to + 1} of ${items.length}`);
  }

  function remove(group: Group, index: number, label: string) {
    const items = value[group];
    const next = {
      ...value,
      [group]: items.filter((_, i) => i !== index),
    } as ReviewImages;
    onChange(next);
    const neighbour = (next[group] as Array<CurrentImage | NewImage>)[
      Math.min(index, items.length - 2)
    ];
    const key = neighbour ? ('name' in neighbour ? neighbour.name : neighbour.key) : null;
    focusTarget.current = key
      ? `[data-image="${key}"] [data-action="remove"]`
      : 'input[type="file"]';
    setAnnouncement(`${label} removed`);
  }

  /** Adds each acceptable file of a batch on its own; a refused one is named with its reason. */
  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    const batch = Array.from(files);
    setInputKey((key) => key + 1);
    const problems = await Promise.all(batch.map((file) => imageProblem(file)));
    const accepted = batch.filter((_, index) => !problems[index]);
    const now = latest.current;
    const room = Math.max(0, max - now.current.length - now.added.length);
    const picked = accepted.slice(0, room);
    if (picked.length > 0) {
      onChange({
        ...now,
        added: [...now.added, ...picked.map((file) => ({ key: nextKey(), file }))],
      });
    }
    setRefused(
      batch.flatMap((file, index) => (problems[index] ? [`${file.name}: ${problems[index]}`] : [])),
    );
    const added = `${picked.length} ${picked.length === 1 ? 'photo' : 'photos'} added`;
    const notes = [
      picked.length < accepted.length && `a review holds at most ${max}`,
      accepted.length < batch.length && `${batch.length - accepted.length} refused`,
    ].filter(Boolean);
    setAnnouncement(notes.length ? `${added}; ${notes.join('; ')}` : added);
  }

  function controls(group: Group, index: number, count: number, label: string) {
    return (
      <div className="adm-review-image__controls">
        <button
          type="button"
          className="adm-icon-button"
          data-action="up"
          aria-label={`Move ${label} up`}
          disabled={index === 0}
          onClick={() => reorder(group, index, -1, label)}
        >
          <Icon name="up" size={16} />
        </button>
        <button
          type="button"
          className="adm-icon-button"
          data-action="down"
          aria-label={`Move ${label} down`}
          disabled={index === count - 1}
          onClick={() => reorder(group, index, 1, label)}
        >
          <Icon name="down" size={16} />
        </button>
        <button
          type="button"
          className="adm-icon-button adm-icon-button--danger"
          data-action="remove"
          aria-label={`Remove ${label}`}
          onClick={() => remove(group, index, label)}
        >
          <Icon name="trash" size={16} />
        </button>
      </div>
    );
  }

  return (
    <div ref={rootRef}>
      <Fieldset
        legend="Photos"
        hint={`Up to ${max} photos: ${IMAGE_LIMITS_HINT}. New photos are shown after the current ones.`}
        error={error}
        className="adm-review-images"
      >
        {value.current.length > 0 && (
          <>
            <h3 className="adm-review-images__title" id={`${listId}-current`}>
              Current photos
            </h3>
            <ol className="adm-review-images__list" aria-labelledby={`${listId}-current`}>
              {value.current.map((image, index) => {
                const label = `photo ${index + 1}`;
                const url = variantUrl(image.media, 160) ?? `/uploads/${image.name}`;
                return (
                  <li key={image.name} className="adm-review-image" data-image={image.name}>
                    <img src={url} alt={`Current ${label}`} className="adm-review-image__img" />
                    <span className="adm-review-image__label">Photo {index + 1}</span>
                    {controls('current', index, value.current.length, label)}
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {value.added.length > 0 && (
          <>
            <h3 className="adm-review-images__title" id={`${listId}-added`}>
              New photos (uploaded when you save)
            </h3>
            <ol className="adm-review-images__list" aria-labelledby={`${listId}-added`}>
              {value.added.map((image, index) => {
                const label = `new photo ${index + 1}`;
                return (
                  <li key={image.key} className="adm-review-image" data-image={image.key}>
                    <FilePreview
                      file={image.file}
                      alt={`Preview of ${image.file.name}`}
                      className="adm-review-image__img"
                    />
                    <span className="adm-review-image__label" title={image.file.name}>
                      {image.file.name}
                    </span>
                    {controls('added', index, value.added.length, label)}
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {total === 0 && <p className="adm-muted">No photos yet.</p>}
        <div className="vt-field adm-review-images__add">
          <label className="vt-field__label" htmlFor={`${listId}-input`}>
            Add photos
          </label>
          <input
            key={inputKey}
            id={`${listId}-input`}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            className="adm-file-input"
            disabled={total >= max}
            onChange={(event) => void addFiles(event.target.files)}
          />
          {refused.length > 0 && (
            <div className="vt-field__error" role="alert">
              <p>Not added:</p>
              <ul>
                {refused.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <p className="vt-visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </Fieldset>
    </div>
  );
}
