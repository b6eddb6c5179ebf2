import { CompositeDecorator, type ContentBlock, type ContentState } from 'draft-js';
import type { ReactNode } from 'react';
import { isAllowedLinkUrl } from './urls';

function findLinks(
  block: ContentBlock,
  callback: (start: number, end: number) => void,
  content: ContentState,
) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === 'LINK';
  }, callback);
}

interface EditorLinkProps {
  contentState: ContentState;
  entityKey: string;
  children?: ReactNode;
}

/** A link as the author sees it; one that will not survive saving is marked as such. */
function EditorLink({ contentState, entityKey, children }: EditorLinkProps) {
  const { url } = contentState.getEntity(entityKey).getData() as { url: string };
  if (!isAllowedLinkUrl(url)) {
    return (
      <span className="vt-rte__link vt-rte__link--unsafe" title="This link is removed on save">
        {children}
      </span>
    );
  }
  return (
    <a href={url} title={url} className="vt-rte__link">
      {children}
    </a>
  );
}

/** Draws LINK entities as links inside the editor. */
export const linkDecorator = new CompositeDecorator([
  { strategy: findLinks, component: EditorLink },
]);
