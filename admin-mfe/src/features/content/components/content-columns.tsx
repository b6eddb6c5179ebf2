import { formatPrice } from '@vitrine/contracts';
import type { DataTableColumn } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { publishedColumn } from '../../../components/Badge';
import { ROW_ACTIONS_WIDTH } from '../../../components/RowActions';
import { Thumb } from '../../../components/Thumb';
import { TranslationStatusBadges } from '../../../components/translation/TranslationStatus';
import {
  formFields,
  priceOf,
  textOf,
  wireName,
  type ContentRecord,
  type ContentType,
} from '../content-type';

/**
 * The list's columns: the fields every type has, the type's own, the image, the state and
 * `actions`. Keys are the API's field names, which the list sorts by.
 */
export function contentColumns<P extends string, X extends string>(
  type: ContentType<P, X>,
  actions: (record: ContentRecord<P, X>) => ReactNode,
  /** The site's languages other than the default: each name says its status in them. */
  languages: readonly string[] = [],
): DataTableColumn<ContentRecord<P, X>>[] {
  const labels = Object.fromEntries(
    formFields(type).map((field) => [wireName(type, field.key), field.label]),
  );
  return [
    {
      key: wireName(type, 'Name'),
      header: 'Name',
      sortable: true,
      className: 'adm-col-name',
      width: '8rem',
      card: 'title',
      // The translation status under the name, not in a column of its own: the list has
      // no width to spare on a laptop (steady-layout.e2e, phone.e2e at 1366 px).
      render: (record) => (
        <>
          <strong>{textOf(type, record, 'Name')}</strong>
          {languages.length > 0 && (
            <TranslationStatusBadges
              status={record.translationStatus}
              languages={languages}
              labels={labels}
            />
          )}
        </>
      ),
    },
    { key: wireName(type, 'Category'), header: 'Category', sortable: true, width: '7rem' },
    {
      key: wireName(type, 'Price'),
      header: 'Value',
      sortable: true,
      className: 'adm-nowrap',
      width: '6rem',
      // Fractions too: the list shows the value as it is stored.
      render: (record) => formatPrice(priceOf(type, record), 3),
    },
    {
      key: wireName(type, 'Heading'),
      header: 'Heading',
      className: 'adm-col-text',
      width: '11rem',
      card: 'hidden',
      optional: true,
      render: (record) => <span className="adm-clip">{textOf(type, record, 'Heading')}</span>,
    },
    {
      key: wireName(type, 'Status'),
      header: 'Status',
      sortable: true,
      width: '5.75rem',
      card: 'status',
    },
    ...type.extraFields.map(({ key, label }) => ({
      key: wireName(type, key),
      header: label,
      width: '5.5rem',
      card: 'hidden' as const,
      optional: true,
    })),
    {
      key: 'image',
      header: 'Image',
      width: '4.5rem',
      card: 'image',
      render: (record) => <Thumb media={record.media} />,
    },
    publishedColumn<ContentRecord<P, X>>('Draft'),
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      width: ROW_ACTIONS_WIDTH,
      card: 'actions',
      render: actions,
    },
  ];
}
