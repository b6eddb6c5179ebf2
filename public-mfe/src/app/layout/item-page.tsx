import type { ApiClient, ApiError, SiteSettings } from '@vitrine/api-client';
import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { LoadingState } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { QueryStatus } from '../../components/QueryStatus';
import { useApi } from '../../lib/api-client';
import { useLocale } from '../../lib/locale';
import { Redirect } from '../../lib/server-response';
import type { PageData } from '../seo/page-data';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

/** What differs between the pages of one item: a product's, a service's. */
export interface ItemKind<T> {
  /**
   * Which item it is: its words are the catalogues' `items.<one>` (its name, "not found",
   * the way back to its list).
   */
  one: 'project' | 'service';
  /** Where its page is, before its slug: "/singleproject/". */
  path: string;
  /** The item by its slug or name: the feature's `queryOptions`, which the loader fetches. */
  query(api: ApiClient, slugOrName: string): UseQueryOptions<T, ApiError, T, QueryKey>;
  /** The page's head while the item loads (undefined) and once it is known. */
  meta(item: T | undefined): PageData;
  /** For a link to an item that is not there: the list it belonged to. */
  back: { to: string };
}

/**
 * The page of one item of `kind` by the slug in its address: its head; "not found" (404)
 * with a way on; an earlier slug or the name (older links) sent on for good to the address
 * the item has now; loading, or what failed; then the item, drawn by `view`.
 */
export function itemPage<T extends { slug: string; slugs?: Record<string, string> }>(
  kind: ItemKind<T>,
  view: (item: T, settings: SiteSettings | undefined) => ReactNode,
) {
  function ItemPage() {
    const { slug = '' } = useParams();
    const { locale } = useLocale();
    const { t } = useTranslation();
    const query = useQuery(kind.query(useApi(), slug));
    const settings = useSiteSettings().data;
    const item = query.data;
    const missing = query.error?.status === 404;

    usePageMeta(
      missing
        ? { page: 'not-found', title: t(`items.${kind.one}.notFoundTitle`) }
        : kind.meta(item),
      settings,
    );

    if (missing) {
      return (
        <NotFoundMessage
          title={t(`items.${kind.one}.notFoundTitle`)}
          back={{ to: kind.back.to, label: t(`items.${kind.one}.back`) }}
        >
          {t(`items.${kind.one}.notFound`)}
        </NotFoundMessage>
      );
    }
    // The item's slug in the page's language (the default's where it has none of its own).
    const current = item && (item.slugs?.[locale] ?? item.slug);
    if (current && current !== slug) {
      return <Redirect to={`${kind.path}${encodeURIComponent(current)}`} permanent />;
    }
    if (!item) {
      return query.error ? (
        <div className="site-container site-section">
          <h1 className="vt-visually-hidden">{t(`items.${kind.one}.title`)}</h1>
          <QueryStatus query={query} what={t(`items.${kind.one}.this`)} />
        </div>
      ) : (
        <LoadingState label={t(`items.${kind.one}.loading`)} className="page-loading" />
      );
    }
    return view(item, settings);
  }
  ItemPage.displayName = `ItemPage(${kind.one})`;
  return ItemPage;
}
