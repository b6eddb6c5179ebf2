import type { SiteSettings } from '@vitrine/api-client';
import { createContext, useContext, useEffect } from 'react';
import { useLocale } from '../../lib/locale';
import { applyHead } from './apply-head';
import { HEAD_ATTRIBUTE } from './head-tags';
import type { PageData } from './page-data';
import { type PageHead, pageHead } from './page-head';

/** Given by the server's render: the public address, and where each page's head goes. */
export interface PageHeadCollector {
  siteUrl: string;
  onHead(head: PageHead): void;
}

export const PageHeadContext = createContext<PageHeadCollector | null>(null);

/**
 * Gives the page its head: its title, description, canonical URL, Open Graph, Twitter and
 * JSON-LD tags, built by `pageHead()` from the data the page shows. On the server the head
 * goes to the render's collector; in the browser it replaces the previous page's in the
 * document, so the title changes on client-side navigation too.
 */
export function usePageMeta(data: PageData, settings: SiteSettings | undefined): void {
  const collector = useContext(PageHeadContext);
  const head = pageHead(data, settings, collector?.siteUrl ?? browserSiteUrl(), useLocale());
  // During render, not in an effect: a server render runs no effects.
  collector?.onHead(head);
  const key = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(key) as PageHead, document);
  }, [key]);
}

// Module state on purpose: one address per page load, read from the first page's head before a
// later page's replaces it (one without a canonical URL would leave only this origin to read).
let siteUrl: string | undefined;

/**
 * The site's public address in the browser: the one the server wrote into the first page's
 * canonical URL (SITE_URL, which may differ from the address typed), else this origin.
 */
function browserSiteUrl(): string {
  if (typeof document === 'undefined') return 'http://localhost';
  if (siteUrl) return siteUrl;
  const canonical = document.head.querySelector<HTMLLinkElement>(
    `link[rel="canonical"][${HEAD_ATTRIBUTE}]`,
  );
  siteUrl = canonical ? new URL(canonical.href).origin : window.location.origin;
  return siteUrl;
}
