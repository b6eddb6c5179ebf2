import { SearchBox } from '@vitrine/ui';
import type { ReactNode } from 'react';
import './list-toolbar.css';

/** The search box (and any filters) above a list. */
export function ListToolbar({
  searchLabel,
  q,
  onSearch,
  children,
}: {
  searchLabel: string;
  q: string;
  onSearch(q: string): void;
  children?: ReactNode;
}) {
  return (
    <div className="adm-list-toolbar">
      <SearchBox
        label={searchLabel}
        defaultValue={q}
        onSearch={onSearch}
        className="adm-list-toolbar__search"
      />
      {children && <div className="adm-list-toolbar__filters">{children}</div>}
    </div>
  );
}
