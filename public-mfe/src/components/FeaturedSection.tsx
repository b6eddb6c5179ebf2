import type { ApiError } from '@vitrine/api-client';
import type { GatedQuery } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { QueryStatus } from './QueryStatus';

/**
 * A section of what the studio features (products, services, what clients say): its heading,
 * the loading or error state, then the items. Nothing at all when none is featured.
 */
export function FeaturedSection<T>({
  id,
  eyebrow,
  title,
  query,
  what,
  muted = false,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  eyebrow: string;
  title: string;
  query: GatedQuery<ApiError> & { data?: T[] };
  /** What is loading, in words: "the featured products". */
  what: string;
  /** On the muted background, to set it apart from its neighbours. */
  muted?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (query.data?.length === 0) return null;
  return (
    <section
      className={muted ? 'site-section site-section--muted' : 'site-section'}
      aria-labelledby={id}
    >
      <div className="site-container">
        <div className="section-heading">
          <p className="section-heading__eyebrow">{eyebrow}</p>
          <h2 id={id} className="section-heading__title">
            {title}
          </h2>
        </div>
        <QueryStatus query={query} what={what} />
        {query.data && children(query.data)}
      </div>
    </section>
  );
}
