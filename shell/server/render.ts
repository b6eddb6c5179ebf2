import type { RenderResult, SsrBuild } from './ssr-remote';

/** The longest a server render may take before the browser-rendered page is sent instead. */
export const RENDER_BUDGET_MS = 1500;

/** Renders with the remote's server build, or fails once the budget is spent (aborting it). */
export async function renderWithin(
  ssr: Pick<SsrBuild, 'render' | 'base'>,
  url: string,
  {
    apiUrl,
    siteUrl,
    contentVersion,
    budgetMs,
  }: { apiUrl: string; siteUrl: string; contentVersion?: string; budgetMs: number },
): Promise<RenderResult> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`the render took more than ${budgetMs} ms`)),
    budgetMs,
  );
  try {
    return await Promise.race([
      ssr.render(url, {
        apiUrl,
        siteUrl,
        contentVersion,
        assetBase: ssr.base,
        signal: controller.signal,
      }),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
