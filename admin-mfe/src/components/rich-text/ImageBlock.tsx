import { ResponsiveImage } from '@vitrine/ui';
import type { ContentBlock, ContentState } from 'draft-js';
import { isSavableImageSrc } from './urls';

interface ImageBlockProps {
  block: ContentBlock;
  contentState: ContentState;
}

/** Draws an atomic IMAGE block inside the editor. */
export function ImageBlock({ block, contentState }: ImageBlockProps) {
  const key = block.getEntityAt(0);
  const entity = key ? contentState.getEntity(key) : null;
  if (entity?.getType() !== 'IMAGE') return null;
  const { src, alt } = entity.getData() as { src: string; alt?: string };
  if (!isSavableImageSrc(src)) {
    return (
      <p className="vt-rte__notice">An image with an unsupported address is removed on save.</p>
    );
  }
  return (
    <figure className="vt-rte__figure">
      {/* The entity keeps one address, the variant the description will show: no srcset. */}
      <ResponsiveImage src={src} alt={alt ?? ''} className="vt-rte__image" />
      {alt && <figcaption className="vt-rte__alt">Alt text: {alt}</figcaption>}
    </figure>
  );
}
