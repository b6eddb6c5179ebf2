// Conversion between the HTML the API stores and draft-js editor state.
import {
  type CompositeDecorator,
  ContentState,
  EditorState,
  type RawDraftContentState,
  type RawDraftEntity,
  convertToRaw,
} from 'draft-js';
import draftToHtml from 'draftjs-to-html';
import htmlToDraft from 'html-to-draftjs';
import { isAllowedLinkUrl, isSavableImageSrc } from './urls';

/**
 * html-to-draftjs only knows `<strong>`, `<em>`, `<ins>` and `<del>`; content pasted or
 * stored by older versions uses the short tags, and the API keeps underline as `<u>`.
 */
const TAG_ALIASES: ReadonlyArray<[from: string, to: string]> = [
  ['b', 'strong'],
  ['i', 'em'],
  ['u', 'ins'],
  ['s', 'del'],
  ['strike', 'del'],
];

/** Editor state holding `html`; an empty string gives an empty editor. */
export function htmlToEditorState(html: string, decorator?: CompositeDecorator): EditorState {
  const source = html.trim() ? normaliseTags(html) : '';
  const { contentBlocks, entityMap } = source
    ? htmlToDraft(source)
    : { contentBlocks: null, entityMap: null };
  if (!contentBlocks || contentBlocks.length === 0) return EditorState.createEmpty(decorator);
  const content = ContentState.createFromBlockArray(contentBlocks, entityMap);
  return EditorState.createWithContent(content, decorator);
}

/** The HTML to save; `''` when the editor holds nothing but blank lines. */
export function editorStateToHtml(state: EditorState): string {
  const content = state.getCurrentContent();
  if (isBlank(content)) return '';
  const raw = prepareEntities(convertToRaw(content));
  return (
    draftToHtml(raw, undefined, false, entityToHtml)
      // Library quirks, fixed here because the output is what the API stores. Text is escaped
      // by now, so a match starting with `<` can only be the library's own markup.
      // 1. Underline comes out as <ins>, which the API's sanitiser drops; it keeps <u>.
      .replace(/<(\/?)ins>/g, '<$1u>')
      // 2. A list followed by other blocks loses our entity transform and gains dir="auto"
      //    (draftjs-to-html 0.9 passes its arguments to getListMarkup one place off).
      .replace(/<li dir = "auto"/g, '<li')
      .replace(/(<a href="[^"]*") target="[^"]*">/g, '$1>')
      .trim()
  );
}

function normaliseTags(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const [from, to] of TAG_ALIASES) {
    for (const element of Array.from(body.querySelectorAll(from))) {
      const renamed = body.ownerDocument.createElement(to);
      renamed.append(...Array.from(element.childNodes));
      element.replaceWith(renamed);
    }
  }
  for (const paragraph of Array.from(body.querySelectorAll('p'))) liftImages(paragraph);
  return body.innerHTML;
}

/**
 * html-to-draftjs turns an image into a block of its own and drops the text that follows it in
 * the same paragraph, so `<p>a <img> b</p>` is split into `<p>a</p><img><p>b</p>` first.
 */
function liftImages(paragraph: HTMLParagraphElement) {
  if (!Array.from(paragraph.children).some((child) => child.tagName === 'IMG')) return;
  const document = paragraph.ownerDocument;
  const parts: Node[] = [];
  let text = document.createElement('p');
  for (const node of Array.from(paragraph.childNodes)) {
    if (node instanceof HTMLImageElement) {
      if (text.textContent?.trim()) parts.push(text);
      parts.push(node);
      text = document.createElement('p');
    } else {
      text.append(node);
    }
  }
  if (text.textContent?.trim()) parts.push(text);
  paragraph.replaceWith(...parts);
}

function isBlank(content: ContentState): boolean {
  return content
    .getBlocksAsArray()
    .every((block) => block.getType() !== 'atomic' && block.getText().trim() === '');
}

interface EntityData {
  url?: unknown;
  src?: unknown;
  alt?: unknown;
}

/**
 * Unsafe links become plain text and unsafe images disappear; the rest get escaped attribute
 * values, so whichever markup draftjs-to-html writes (ours or its own, see above) is sound.
 */
function prepareEntities(raw: RawDraftContentState): RawDraftContentState {
  const unsafe = new Set<number>();
  const entityMap: RawDraftContentState['entityMap'] = {};
  for (const [key, entity] of Object.entries(raw.entityMap)) {
    const data = entity.data as EntityData;
    if (entity.type === 'LINK') {
      const url = String(data.url ?? '');
      if (!isAllowedLinkUrl(url)) unsafe.add(Number(key));
      entityMap[key] = { ...entity, data: { url: escapeAttribute(url.trim()) } };
    } else if (entity.type === 'IMAGE') {
      const src = String(data.src ?? '');
      if (!isSavableImageSrc(src)) unsafe.add(Number(key));
      entityMap[key] = {
        ...entity,
        data: { src: escapeAttribute(src), alt: escapeAttribute(String(data.alt ?? '')) },
      };
    } else {
      entityMap[key] = entity;
    }
  }
  const blocks = raw.blocks
    .filter(
      (block) =>
        block.type !== 'atomic' || !block.entityRanges.some((range) => unsafe.has(range.key)),
    )
    .map((block) => ({
      ...block,
      entityRanges: block.entityRanges.filter((range) => !unsafe.has(range.key)),
    }));
  return { blocks, entityMap };
}

/** Our markup for links and images: no inline styles or targets. Values arrive escaped. */
function entityToHtml(entity: RawDraftEntity, text: string | undefined): string | undefined {
  const data = entity.data as { url?: string; src?: string; alt?: string };
  if (entity.type === 'LINK') return `<a href="${data.url}">${text ?? ''}</a>`;
  if (entity.type === 'IMAGE') return `<img src="${data.src}" alt="${data.alt}">`;
  return undefined;
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
