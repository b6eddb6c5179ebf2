// The smoke set a candidate server build of the public remote renders before the shell serves
// it (deployments.ts): the home page, a product's page and the contact form, with the live API.
import type { RenderResult, SsrBuild } from './ssr-remote';
import { afterRejectionsReported, watchErrors } from './watch-errors';

export interface SmokeOptions {
  api: string;
  /** Renders a page with the candidate, as the page handler would. */
  render: (build: SsrBuild, url: string) => Promise<RenderResult>;
  /** The longest the whole set may take, the product looked up for it included. */
  budgetMs: number;
}

/**
 * Renders the smoke set with `build`: each page a 200 with its markup, within the budget
 * together, and no error raised in the renders' own async context meanwhile (watch-errors.ts:
 * an error logged, a rejection left unhandled, an error thrown uncaught), so that live
 * traffic's errors at the same moment are not taken for the candidate's. Throws saying why.
 */
export async function smokeRenders(
  build: SsrBuild,
  { api, render, budgetMs }: SmokeOptions,
): Promise<void> {
  const budget = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`its smoke renders took more than ${budgetMs} ms`);
      budget.abort(error);
      reject(error);
    }, budgetMs);
  });
  const watch = watchErrors();
  try {
    await Promise.race([watch.run(() => renderSet(build, render, api, budget.signal)), spent]);
    await afterRejectionsReported();
  } finally {
    clearTimeout(timer);
    watch.close();
  }
  if (watch.errors.length) throw new Error(`its renders ${watch.errors[0]}`);
}

async function renderSet(
  build: SsrBuild,
  render: SmokeOptions['render'],
  api: string,
  signal: AbortSignal,
): Promise<void> {
  const pages = ['/', '/contact-us'];
  // A product's page when the API has one: a site without products is no reason to refuse.
  const products = await fetch(`${api}/api/product?limit=1`, { signal })
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => []);
  if (signal.aborted) return;
  if (products[0]?.slug) pages.splice(1, 0, `/singleproject/${products[0].slug}`);
  for (const page of pages) {
    const result = await render(build, page);
    if (result.status !== 200 || !result.html) {
      throw new Error(`its render of ${page} answered ${result.status}`);
    }
  }
}
