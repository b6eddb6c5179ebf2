import type { PageHead } from './page-head';

/** Marks the tags a page head owns, so the browser can replace them on the next page. */
export const HEAD_ATTRIBUTE = 'data-page-head';

/** One tag of the head: its name, attributes, and (for title and script) its text. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  text?: string;
}

/** The head's tags in order: title, description, canonical, robots, Open Graph, Twitter, JSON-LD. */
export function headTagList(head: PageHead): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'title', attributes: {}, text: head.title }];
  const meta = (
    attribute: 'name' | 'property',
    key: string,
    content: string | number | undefined,
  ) => {
    if (content !== undefined && content !== '')
      tags.push({ tag: 'meta', attributes: { [attribute]: key, content: String(content) } });
  };
  meta('name', 'description', head.description);
  if (head.canonical)
    tags.push({ tag: 'link', attributes: { rel: 'canonical', href: head.canonical } });
  meta('name', 'robots', head.robots);
  for (const { hreflang, href } of head.alternates ?? []) {
    tags.push({ tag: 'link', attributes: { rel: 'alternate', hreflang, href } });
  }

  const og = head.openGraph;
  meta('property', 'og:type', og.type);
  meta('property', 'og:title', og.title);
  meta('property', 'og:description', og.description);
  meta('property', 'og:url', og.url);
  meta('property', 'og:site_name', og.siteName);
  meta('property', 'og:locale', og.locale);
  for (const alternate of og.alternateLocales ?? []) {
    meta('property', 'og:locale:alternate', alternate);
  }
  if (og.image) {
    meta('property', 'og:image', og.image.url);
    meta('property', 'og:image:type', og.image.type);
    meta('property', 'og:image:width', og.image.width);
    if (og.image.height > 0) meta('property', 'og:image:height', og.image.height);
    meta('property', 'og:image:alt', og.image.alt);
  }
  if (og.price) {
    meta('property', 'product:price:amount', og.price.amount);
    meta('property', 'product:price:currency', og.price.currency);
  }

  meta('name', 'twitter:card', head.twitter.card);
  meta('name', 'twitter:title', head.twitter.title);
  meta('name', 'twitter:description', head.twitter.description);
  meta('name', 'twitter:image', og.image?.url);
  meta('name', 'twitter:image:alt', og.image?.alt);

  for (const object of head.jsonLd) {
    tags.push({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: jsonForScript(object),
    });
  }
  for (const tag of tags) tag.attributes[HEAD_ATTRIBUTE] = '';
  return tags;
}

/**
 * The head as HTML, to put inside `<head>` (the shell's own `<title>` must go). Every text
 * and attribute is escaped, and JSON-LD is written so that no value can end its script.
 */
export function headTags(head: PageHead): string {
  return headTagList(head)
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attrs}>`;
      // A script's text is raw in HTML (entities are not decoded): jsonForScript() made it safe.
      const body = tag === 'script' ? (text ?? '') : escapeHtml(text ?? '');
      return `<${tag}${attrs}>${body}</${tag}>`;
    })
    .join('\n');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script>` element's text: `<`, `>` and `&` written as \u escapes, so no value
 * can close the script (`</script>`) or open a comment (`<!--`), and JSON.parse() reads back
 * exactly the same object.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => SCRIPT_ESCAPES[character],
  );
}
