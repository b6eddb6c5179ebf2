// The HTML page the shell's server answers with: the shell's built index.html, with a server
// render of the public page put in (or, when there is none, as it is: rendered in the browser).
import crypto from 'node:crypto';

/** The id of the JSON block the browser hydrates its query cache from (see public-mfe). */
const QUERY_STATE_ELEMENT_ID = 'vitrine-query-state';
/** The id of the JSON block naming the remotes' entries this page goes with (see remotes.ts). */
const REMOTES_ELEMENT_ID = 'vitrine-remotes';

export const escapeHtml = (text: string): string =>
  String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** CSS that can sit in a <style> element: nothing in it can close the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** JSON that can sit in a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The longest the page's scripts wait for its first pictures (START_SCRIPT), in ms. */
const START_WAIT_CAP_MS = 2000;

/**
 * Starts the page's scripts once the server's markup is on screen, with its first pictures. A
 * `defer` script runs as soon as the document is parsed, and on a fast connection it has
 * arrived by then: a trace of `/` on localhost showed the shell's start (86 ms on a busy
 * machine) run before the frame that paints the page's largest element, h1.hero__title. And
 * where that element is a picture (the first product on /product, the first gallery images,
 * a product's photo), a trace of a phone showed the shell's main script evaluated (260 ms at 4×
 * slower CPU) between the picture's arrival and the frame that painted it. So the scripts
 * start one frame after the document is parsed and the pictures the server marked as the
 * page's first (`fetchpriority=high`, which its head preloads) have loaded or failed, and at the
 * latest START_WAIT_CAP_MS after parsing. They are still fetched at once (their preload links),
 * in their order; a hidden tab, which has no frames, starts them at once.
 */
const START_SCRIPT = `addEventListener('DOMContentLoaded',()=>{let started=false;const start=()=>{if(started)return;started=true;for(const link of document.querySelectorAll('link[data-start]')){const script=document.createElement('script');script.src=link.href;script.async=false;document.head.append(script)}};if(document.hidden)return start();const afterFrame=()=>requestAnimationFrame(()=>setTimeout(start));const pending=[...document.querySelectorAll('img[fetchpriority=high]')].filter((img)=>!img.complete);let left=pending.length;if(!left)return afterFrame();for(const img of pending)for(const type of ['load','error'])img.addEventListener(type,()=>--left||afterFrame(),{once:true});setTimeout(start,${START_WAIT_CAP_MS})})`;

/** The CSP source that lets START_SCRIPT run (the pages' policy refuses other inline scripts). */
const START_SCRIPT_SOURCE = `'sha256-${crypto.createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

/** The template's `<script defer src>` elements, as preloads and START_SCRIPT instead. */
function startAfterFirstPaint(page: string): string {
  let found = false;
  const preloads = page.replace(
    /<script\b([^>]*?)\sdefer(?:="[^"]*")?([^>]*)><\/script>/g,
    (element: string, before: string, after: string) => {
      const src = /\ssrc=("[^"]*"|[^\s>]+)/.exec(before + after);
      if (!src) return element;
      found = true;
      // Low, as for the defer script: the page's largest image comes first on a slow network.
      return `<link rel=preload as=script fetchpriority=low href=${src[1]} data-start>`;
    },
  );
  return found
    ? preloads.replace('</head>', () => `<script>${START_SCRIPT}</script></head>`)
    : page;
}

/** A page's security headers, with its Content-Security-Policy letting START_SCRIPT run. */
export function allowingStartScript(headers: Record<string, string>): Record<string, string> {
  const policy = headers['Content-Security-Policy'];
  if (!policy) return headers;
  return {
    ...headers,
    'Content-Security-Policy': policy.replace(/script-src 'self'/, `$& ${START_SCRIPT_SOURCE}`),
  };
}

/** A stylesheet for the first paint, with the address it would otherwise be loaded from. */
export interface Stylesheet {
  href: string;
  css: string;
}

export interface PageParts {
  title?: string;
  /** More tags for the head (meta, links, JSON-LD). */
  head?: string;
  /** Styles for the first paint. */
  css?: string;
  /** Stylesheets for the first paint, each put in the page under its address (`data-href`). */
  styles?: Stylesheet[];
  /** The server-rendered markup of the root element. */
  html?: string;
  /** The query answers the markup was rendered with. */
  state?: unknown;
  /** The page's language. */
  lang?: string;
  /** Keep the page out of search engines. */
  noindex?: boolean;
  /**
   * The remotes' entries the page goes with: the browser loads these, so that a page rendered
   * with one version of a remote is never brought to life by another.
   */
  remotes?: Record<string, string>;
}

/** The shell's index.html (`template`) with `parts` put in. */
export function buildPage(
  template: string,
  {
    title,
    head = '',
    css = '',
    styles = [],
    html = '',
    state,
    lang,
    noindex = false,
    remotes,
  }: PageParts,
): string {
  let page = template;
  if (lang) page = page.replace(/<html lang="?[\w-]*"?/, () => `<html lang="${escapeHtml(lang)}"`);
  if (title !== undefined) {
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  }
  // React puts the preloads it wants (the largest image) ahead of the markup: they belong
  // in the head, where the browser finds them first.
  const leading = /^(?:<link\b[^>]*>)+/.exec(html);
  if (leading) html = html.slice(leading[0].length);
  const extraHead = [
    noindex ? '<meta name="robots" content="noindex" />' : '',
    head,
    leading ? leading[0] : '',
    css ? `<style data-ssr-styles>${styleText(css)}</style>` : '',
    ...styles.map(
      (sheet) => `<style data-href="${escapeHtml(sheet.href)}">${styleText(sheet.css)}</style>`,
    ),
    remotes
      ? `<script type="application/json" id="${REMOTES_ELEMENT_ID}">${scriptJson(remotes)}</script>`
      : '',
  ].join('');
  page = page.replace('</head>', () => `${extraHead}</head>`);
  if (html) {
    const data =
      state === undefined
        ? ''
        : `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptJson(state)}</script>`;
    page = page.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${html}</div>${data}`);
    page = startAfterFirstPaint(page);
  }
  return page;
}
