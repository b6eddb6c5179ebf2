import type { InsightsPageCount, InsightsProductCount } from '@vitrine/api-client';
import { formatNumber } from '@vitrine/contracts';
import { DataTable, EmptyState } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { adminPath } from '../../../lib/paths';
import { formatPercent } from '../insights-data';

/** The pages most viewed, each a link to the page on the site. */
export function TopPagesTable({ pages, caption }: { pages: InsightsPageCount[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      rows={pages}
      rowKey={(row) => row.path}
      numbered="#"
      numberWidth="3rem"
      emptyState={<EmptyState title="No page viewed in this period" />}
      columns={[
        {
          key: 'path',
          header: 'Page',
          render: (row) => (
            <a className="adm-link adm-break" href={row.path} target="_blank" rel="noreferrer">
              {row.path}
            </a>
          ),
        },
        { key: 'views', header: 'Views', render: (row) => formatNumber(row.views) },
      ]}
    />
  );
}

/** The products most viewed: views, visitors, enquiries and their conversion. */
export function TopProductsTable({
  products,
  caption,
}: {
  products: InsightsProductCount[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      rows={products}
      rowKey={(row) => row.slug}
      numbered="#"
      numberWidth="3rem"
      emptyState={<EmptyState title="No project viewed in this period" />}
      columns={[
        {
          key: 'name',
          header: 'Project',
          render: (row) =>
            row.id ? (
              <Link className="adm-link" to={adminPath(`edit-product/${row.id}`)}>
                {row.name}
              </Link>
            ) : (
              <span className="adm-break">
                {row.slug} <span className="adm-muted">(no project has this address now)</span>
              </span>
            ),
        },
        { key: 'views', header: 'Views', render: (row) => formatNumber(row.views) },
        { key: 'visitors', header: 'Visitors', render: (row) => formatNumber(row.visitors) },
        { key: 'enquiries', header: 'Enquiries', render: (row) => formatNumber(row.enquiries) },
        {
          key: 'conversion',
          header: 'Conversion',
          render: (row) => formatPercent(row.conversion),
        },
      ]}
    />
  );
}
