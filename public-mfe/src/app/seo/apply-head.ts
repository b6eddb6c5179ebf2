import { HEAD_ATTRIBUTE, headTagList } from './head-tags';
import type { PageHead } from './page-head';

/**
 * Everything a previous page head may have left: the tags this module writes (marked with
 * HEAD_ATTRIBUTE) and any description, canonical, Open Graph, Twitter or JSON-LD tag from
 * elsewhere (an older server render), so two never compete.
 */
const OWNED = [
  `meta[${HEAD_ATTRIBUTE}]`,
  `link[${HEAD_ATTRIBUTE}]`,
  `script[${HEAD_ATTRIBUTE}]`,
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[name^="twitter:"]',
  'meta[property^="og:"]',
  'meta[property^="product:"]',
  'link[rel="canonical"]',
  'script[type="application/ld+json"]',
].join(', ');

/**
 * Puts a page's head into the document on client-side navigation: the title, and the meta,
 * canonical and JSON-LD tags in place of the previous page's (the server-rendered ones on
 * the first page). Nothing is touched when the head is already the one in the document.
 */
export function applyHead(head: PageHead, document: Document): void {
  const tags = headTagList(head);
  const current = [...document.head.querySelectorAll(OWNED)];
  const wanted = tags.filter((tag) => tag.tag !== 'title');
  document.documentElement.lang = head.lang;
  if (document.title !== head.title) document.title = head.title;
  if (sameTags(current, wanted)) return;

  for (const element of current) element.remove();
  for (const { tag, attributes, text } of wanted) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

function sameTags(elements: Element[], tags: ReturnType<typeof headTagList>): boolean {
  return (
    elements.length === tags.length &&
    tags.every((tag, index) => {
      const element = elements[index];
      return (
        element.tagName.toLowerCase() === tag.tag &&
        Object.entries(tag.attributes).every(
          ([name, value]) => element.getAttribute(name) === value,
        ) &&
        (tag.text === undefined || element.textContent === tag.text)
      );
    })
  );
}
