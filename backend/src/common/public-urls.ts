/**
 * Where the public site shows each kind of content, as its remote routes it: the sitemap
 * lists these addresses, and webhooks give them as an item's `url`.
 */
export function publicPathOf(kind: string, slug?: string | null): string | null {
  switch (kind) {
    case 'product':
      return slug ? `/singleproject/${slug}` : null;
    case 'service':
      return slug ? `/singleservice/${slug}` : null;
    case 'review':
      return '/reviews';
    case 'gallery':
      return '/gallery';
    default:
      return null;
  }
}
