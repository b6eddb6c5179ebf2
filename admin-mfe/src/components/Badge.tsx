import type { DataTableColumn } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { formatDateTime, isFuture } from '../lib/format';
import './badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

/** A short state in a pill: a row's status, role or outcome (`.adm-badge` in page.css). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={tone === 'neutral' ? 'adm-badge' : `adm-badge adm-badge--${tone}`}>
      {children}
    </span>
  );
}

/**
 * A list's Published column: shown to visitors or not, in the words of the list (`off`);
 * "Scheduled for …" while a published row's publish-at moment is to come; and "Featured".
 */
export function publishedColumn<
  T extends { published: boolean; publishAt?: string | null; featured?: boolean },
>(off: 'Draft' | 'Hidden'): DataTableColumn<T> {
  return {
    key: 'published',
    header: 'Published',
    width: '7rem',
    card: 'status',
    render: (row: T) => (
      <>
        {!row.published ? (
          <Badge>{off}</Badge>
        ) : isFuture(row.publishAt) ? (
          <Badge tone="warning">{`Scheduled for ${formatDateTime(row.publishAt)}`}</Badge>
        ) : (
          <Badge tone="success">Published</Badge>
        )}
        {row.featured && (
          <>
            {' '}
            <Badge tone="accent">Featured</Badge>
          </>
        )}
      </>
    ),
  };
}
