// The two converters ship without types; these cover the calls html.ts makes.
declare module 'draftjs-to-html' {
  import type { RawDraftContentState, RawDraftEntity } from 'draft-js';

  /** Returning a non-empty string replaces the library's own markup for that entity. */
  type EntityTransform = (entity: RawDraftEntity, text: string | undefined) => string | undefined;

  export default function draftToHtml(
    content: RawDraftContentState,
    hashtagConfig?: { trigger?: string; separator?: string },
    directional?: boolean,
    customEntityTransform?: EntityTransform,
  ): string;
}

declare module 'html-to-draftjs' {
  import type { ContentBlock, ContentState } from 'draft-js';

  export default function htmlToDraft(html: string): {
    contentBlocks: ContentBlock[] | null;
    entityMap: Parameters<typeof ContentState.createFromBlockArray>[1];
  };
}
