/** How long the API's content version is taken as current without asking again. */
export const CONTENT_VERSION_TTL_MS = 250;

export type ContentVersion = ReturnType<typeof createContentVersion>;

/**
 * The API's content version (`GET /api/content-version`), which changes with every save: the
 * key that cached pages are kept under, so no page outlives the content it shows. Asking may
 * take as long as a render may (`budgetMs`): past that the page is rendered in the browser.
 */
export function createContentVersion(api: string, budgetMs: number) {
  let known: { version: string; at: number } | null = null;
  let asking: Promise<string> | null = null;
  return {
    /** The version, asking the API when the one known is older than `maxAgeMs`. */
    async get(maxAgeMs = CONTENT_VERSION_TTL_MS): Promise<string> {
      if (known && Date.now() - known.at < maxAgeMs) return known.version;
      asking ??= fetch(`${api}/api/content-version`, { signal: AbortSignal.timeout(budgetMs) })
        .then(async (response) => {
          if (!response.ok) throw new Error(`content-version answered ${response.status}`);
          const { version } = (await response.json()) as { version: unknown };
          known = { version: String(version), at: Date.now() };
          return known.version;
        })
        .finally(() => (asking = null));
      return asking;
    },
    /** A write may have changed what pages show: the next page asks again. */
    forget(): void {
      known = null;
    },
  };
}
