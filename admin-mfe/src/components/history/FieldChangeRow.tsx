import type { Media } from '@vitrine/api-client';
import { Fragment, type ReactNode } from 'react';
import { Thumb } from '../Thumb';
import type { ChangeView, ImageSide } from './field-values';
import { photoChangeWords } from './photo-changes';
import type { DiffPart } from './text-diff';

/** One field's row in a change of the History panel: its label, then what changed. */
export function FieldChangeRow({ label, view }: { label: string; view: ChangeView }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <ChangeContent label={label} view={view} />
      </td>
    </tr>
  );
}

function ChangeContent({ label, view }: { label: string; view: ChangeView }) {
  switch (view.kind) {
    case 'plain':
      return <BeforeAfter before={view.before} after={view.after} />;
    case 'text':
      return <WordDiff parts={view.parts} />;
    case 'photos':
      return view.changes.length === 0 ? (
        <p className="adm-history__note">Changed</p>
      ) : (
        <ul className="adm-history__photos">
          {view.changes.map((change) => (
            <li key={`${change.photo.mediaId ?? change.photo.media.id}:${change.events[0]}`}>
              <Thumbnail
                media={change.photo.media}
                alt={change.photo.alt || `Photo ${change.to ?? change.from}`}
                faded={change.events.includes('removed')}
              />
              <div>
                <p className="adm-history__note">{photoChangeWords(change).join(' · ')}</p>
                {change.events.includes('alt') && (
                  <BeforeAfter
                    before={change.altBefore || '(empty)'}
                    after={change.altAfter || '(empty)'}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      );
    case 'image':
      return <ImageChange label={label} view={view} />;
    case 'changed':
      return <p className="adm-history__note">Changed</p>;
  }
}

/** "before → after", each side named for a screen reader. */
function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <div className="adm-history__before-after">
      <span className="adm-history__before">
        <span className="vt-visually-hidden">Before: </span>
        {before}
      </span>
      <span className="adm-history__arrow" aria-hidden="true">
        →
      </span>
      <span className="adm-history__after">
        <span className="vt-visually-hidden">After: </span>
        {after}
      </span>
    </div>
  );
}

/** The text with removed words struck through (<del>) and added ones highlighted (<ins>). */
function WordDiff({ parts }: { parts: DiffPart[] }) {
  if (parts.length === 0) return <p className="adm-history__note">(empty)</p>;
  return (
    <p className="adm-history__diff">
      {parts.map((part, index) => {
        const previous = parts[index - 1];
        const space = previous && !previous.text.endsWith('\n') && !part.text.startsWith('\n');
        const text =
          part.kind === 'removed' ? (
            <del>{part.text}</del>
          ) : part.kind === 'added' ? (
            <ins>{part.text}</ins>
          ) : (
            part.text
          );
        return (
          <Fragment key={index}>
            {space && ' '}
            {text}
          </Fragment>
        );
      })}
    </p>
  );
}

/** A one-image field (the home banner): the image before and after, and what else changed. */
function ImageChange({
  label,
  view,
}: {
  label: string;
  view: Extract<ChangeView, { kind: 'image' }>;
}) {
  const side = (image: ImageSide, when: string) =>
    image.media ? (
      <Thumbnail media={image.media} alt={image.alt || `${label} ${when}`} />
    ) : (
      '(none)'
    );
  const sameImage = view.before.media?.id === view.after.media?.id;
  return (
    <div className="adm-history__image">
      {!sameImage && (
        <BeforeAfter before={side(view.before, 'before')} after={side(view.after, 'after')} />
      )}
      {sameImage && view.before.alt !== view.after.alt && (
        <>
          {side(view.after, 'after')}
          <p className="adm-history__note">Alt text changed</p>
          <BeforeAfter before={view.before.alt || '(empty)'} after={view.after.alt || '(empty)'} />
        </>
      )}
      {view.details.map((detail) => (
        <div key={detail.label}>
          <p className="adm-history__note">{detail.label}</p>
          <BeforeAfter before={detail.before} after={detail.after} />
        </div>
      ))}
    </div>
  );
}

/** A small square of an image (Thumb: the variant the square needs), greyed when removed. */
function Thumbnail({ media, alt, faded = false }: { media: Media; alt: string; faded?: boolean }) {
  return (
    <span className={faded ? 'adm-history__thumb--removed' : undefined}>
      <Thumb media={media} alt={alt} />
    </span>
  );
}
