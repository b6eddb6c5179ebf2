/** Where the admin area is mounted, by the shell and in standalone mode alike. */
export const ADMIN_BASE = '/admin';

export const adminPath = (path: string) => `${ADMIN_BASE}/${path.replace(/^\//, '')}`;

/** The sign-in page (the public remote's), coming back to `next` after sign-in. */
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}
