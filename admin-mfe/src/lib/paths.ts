/** Where the admin area is mounted, by the shell and in standalone mode alike. */
export const ADMIN_BASE = '/admin';

export const adminPath = (path: string) => `${ADMIN_BASE}/${path.replace(/^\//, '')}`;

/** The sign-in page (the public remote's), coming back to `next` after sign-in. */
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/** The admin screen of an item the API names by its path's entity ("product", "reviews") and id. */
export function itemPath(entity: string, id: string | null | undefined): string | null {
  const one = { product: 'product', service: 'service', reviews: 'review', user: 'user' }[entity];
  if (one) return id ? adminPath(`edit-${one}/${id}`) : adminPath(one);
  if (entity === 'enquiries') return adminPath(id ? `enquiries/${id}` : 'enquiries');
  if (entity === 'gallery' || entity === 'settings') return adminPath(entity);
  return null;
}

/** The form a browser draft belongs to ("product:new", "review:665f…", "settings"). */
export function draftPath(form: string): string | null {
  const [kind, id] = form.split(':');
  if (kind === 'settings') return adminPath('settings');
  if (!['product', 'service', 'review', 'user'].includes(kind) || !id) return null;
  return adminPath(id === 'new' ? `add-${kind}` : `edit-${kind}/${id}`);
}
