import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML the API stores from a rich-text field: structure and emphasis, links to
 * http(s)/mailto, images from this site's uploads or https. Scripts, event handlers,
 * `style`, iframes and `javascript:`/`data:` URLs never survive.
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
  allowedSchemesByTag: { img: ['https'] },
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
    const src = frame.attribs.src ?? '';
    // Relative sources must point into our own uploads.
    return !(src.startsWith('https://') || /^\/uploads\/[\w./-]+$/.test(src));
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain-text fields keep no markup at all. */
export function stripTags(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
}
