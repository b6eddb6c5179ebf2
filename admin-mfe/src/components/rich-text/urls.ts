// Which addresses the editor lets into a description. The API sanitises again on save; these
// checks exist so the author hears about a bad address while still in the form.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function parse(input: string): URL | null {
  try {
    return new URL(input.trim());
  } catch {
    return null;
  }
}

/** A link target the site will publish: an absolute http, https or mailto address. */
export function isAllowedLinkUrl(input: string): boolean {
  const url = parse(input);
  return url !== null && LINK_PROTOCOLS.has(url.protocol);
}

/** An image address typed by the author: https only, so pages never mix in insecure content. */
export function isAllowedImageUrl(input: string): boolean {
  return parse(input)?.protocol === 'https:';
}

/**
 * An image source fit to save: https, or a path on this site (where uploads live). Plain
 * http is kept for local development, where the API serves uploads without TLS.
 */
export function isSavableImageSrc(src: string): boolean {
  if (src.startsWith('/')) return !src.startsWith('//');
  const protocol = parse(src)?.protocol;
  return protocol === 'https:' || protocol === 'http:';
}
