/** Names the history and the audit log give fields the forms label otherwise. */
const KNOWN_LABELS: Record<string, string> = {
  slug: 'Address (slug)',
  published: 'Published',
  featured: 'Featured',
  publishAt: 'Publish at',
  unpublishAt: 'Unpublish at',
  ProductImage: 'Image',
  ServiceImage: 'Image',
  ClientImage: 'Photo',
  ClientImages: 'Photos',
  photos: 'Photos',
  url: 'URL',
  videoUrl: 'Video',
};

/**
 * A field as the forms call it: `labels` first, then a few common ones, then its name in
 * words ("ProductHeading" → "Heading", "ClientName" → "Client name").
 */
export function fieldLabel(field: string, labels: Record<string, string> = {}): string {
  const known = labels[field] ?? KNOWN_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/^(Product|Service)(?=[A-Z])/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
