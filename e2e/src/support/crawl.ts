import { stackUrls } from './stack';

/**
 * A public page as a crawler or a link preview (WhatsApp, Facebook, LinkedIn, Slack, X) gets
 * it: one request, no JavaScript, redirects not followed.
 */

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/** Text with the entities React writes decoded. */
export const decodeEntities = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity]);

/** Text as a reader sees it: scripts and tags gone, entities decoded, white space collapsed. */
export const plainText = (html: string) =>
  decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** A tag's attributes, values decoded (`<meta property="og:title" content="…">`). */
export function tagAttributes(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)(?:=(?:"([^"]*)"|([^\s>"]+)))?/g)]
      .slice(1)
      .map(([, name, quoted, bare]) => [name, decodeEntities(quoted ?? bare ?? '')]),
  );
}

/** The page at `pathname`: status, head (title, meta, canonical, JSON-LD) and the root's text. */
export async function crawl(pathname: string, base = stackUrls().shell) {
  const response = await fetch(`${base}${pathname}`, { redirect: 'manual' });
  const html = await response.text();
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => tagAttributes(tag));
  const meta = (key: string) =>
    metas.filter((m) => m.name === key || m.property === key).map((m) => m.content);
  const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  const titles = [...head.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map(([, text]) =>
    decodeEntities(text),
  );
  return {
    status: response.status,
    headers: response.headers,
    html,
    lang: /<html\b[^>]*\blang="?([\w-]+)/.exec(html)?.[1],
    titles,
    title: titles[0] ?? '',
    canonical: [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/g)].map(
      ([tag]) => tagAttributes(tag).href,
    ),
    meta,
    /** The one value of a meta tag; the test fails if there is none or more than one. */
    one(key: string) {
      const values = meta(key);
      expect({ pathname, key, count: values.length }).toEqual({ pathname, key, count: 1 });
      return values[0];
    },
    jsonLd: [
      ...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map(([, text]) => JSON.parse(text) as Record<string, unknown>),
    root,
    text: plainText(root),
  };
}
