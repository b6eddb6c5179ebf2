import type { ReactNode } from 'react';
import type { ListParams } from '../lib/use-list-params';
import { ListTable, type ListTableProps } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { PageHeader } from './PageHeader';

export interface ListScreenProps<T> extends Omit<ListTableProps<T>, 'caption' | 'list'> {
  /** The page's heading, which also names the table. */
  title: string;
  description: ReactNode;
  /** Beside the heading, e.g. "Add user". */
  actions?: ReactNode;
  list: ListTableProps<T>['list'] & Pick<ListParams<string>, 'setQ'>;
  searchLabel: string;
  /** Selects and fields beside the search box (`ListFilter`). */
  filters?: ReactNode;
  /** Above the search box, e.g. why a restore was refused. */
  notice?: ReactNode;
  /** A line under the search box, e.g. how to reorder. */
  hint?: ReactNode;
  /** What the last move did, for a polite live region; lists that move rows pass it. */
  announcement?: string;
  /** A class around the table, for styles of this list's rows. */
  tableClassName?: string;
  /**
   * Its columns or filters still wait for data of their own (the site's languages): only
   * the heading shows until it comes, so that no column or filter is added under the eyes.
   */
  settling?: boolean;
}

/**
 * An admin list screen: heading, search and filters (their state in the URL), then the
 * table with its paging, sorting, loading, empty and error states (`ListTable`). A page
 * says only what its list is: its columns, filters and words.
 */
export function ListScreen<T>({
  title,
  description,
  actions,
  list,
  searchLabel,
  filters,
  notice,
  hint,
  announcement,
  tableClassName,
  settling = false,
  ...table
}: ListScreenProps<T>) {
  const header = <PageHeader title={title} description={description} actions={actions} />;
  if (settling) return header;
  const listTable = <ListTable caption={title} list={list} {...table} />;
  return (
    <>
      {header}
      {notice}
      <ListToolbar searchLabel={searchLabel} q={list.q} onSearch={list.setQ}>
        {filters}
      </ListToolbar>
      {hint && <p className="vt-field__hint">{hint}</p>}
      {tableClassName ? <div className={tableClassName}>{listTable}</div> : listTable}
      {announcement !== undefined && (
        <p className="vt-visually-hidden" aria-live="polite">
          {announcement}
        </p>
      )}
    </>
  );
}
