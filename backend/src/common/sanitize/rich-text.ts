import sanitizeHtml from 'sanitize-html';

/**
 * An image of our own media library: `/uploads/<file>`, one file name, no way out of the
 * folder. Images from other sites are not kept: they could track readers, vanish, or
 * change after the page was approved, and the library could not say where they are used.
 */
const OWN_IMAGE = /^\/uploads\/[\w-]+\.\w+$/;

/**
 * The only HTML the API stores from a rich-text field: structure and emphasis, links to
 * http(s)/mailto, images from this site's media library (with their alt text). Scripts,
 * event handlers, `style`, iframes, foreign images and `javascript:`/`data:` URLs never
 * survive.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
    'code',
    'pre',
    'blockquote',
    'hr',
    'span',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: /^(https?:|mailto:)/i.test(href?.trim() ?? '')
        ? { ...attribs, href, rel: 'noopener noreferrer' }
        : attribs,
    }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    return !OWN_IMAGE.test(frame.attribs.src ?? '');
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain-text fields keep no markup at all. */
export function stripTags(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
}
