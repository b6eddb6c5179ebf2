/** Where a successful sign-in goes when no (acceptable) `?next=` is given. */
export const DEFAULT_AFTER_LOGIN = '/admin/overview';

/**
 * The `?next=` target, if it is a path of this site inside the admin area; otherwise the
 * default. Anything that could leave the site (`//host`, `https:`, `/\host`, encoded
 * tricks) is refused, so a crafted sign-in link cannot send the token-holder elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return DEFAULT_AFTER_LOGIN;
  if (!/^\/admin(?:[/?#]|$)/.test(next)) return DEFAULT_AFTER_LOGIN;
  if (next.includes('//') || next.includes('\\') || hasControlCharacter(next)) {
    return DEFAULT_AFTER_LOGIN;
  }
  // Resolving against a dummy origin must not change the origin (e.g. through `..`).
  const resolved = new URL(next, 'https://vitrine.invalid');
  if (
    resolved.origin !== 'https://vitrine.invalid' ||
    !/^\/admin(?:\/|$)/.test(resolved.pathname)
  ) {
    return DEFAULT_AFTER_LOGIN;
  }
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Tabs, line breaks and the like: browsers drop some of them, turning `/\t/x` into `//x`. */
function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}
