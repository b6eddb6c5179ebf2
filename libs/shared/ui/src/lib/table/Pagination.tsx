import { Button } from '../Button';
import { cx } from '../classNames';
import { pageCount } from './rowNumber';
import './pagination.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** Names the navigation landmark; give each pagination on a page its own. */
  label?: string;
  className?: string;
}

/** "Page 2 of 5" with Previous and Next; the buttons are disabled at either end. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={cx('vt-pagination', className)} aria-label={label}>
      <p className="vt-pagination__range">
        {total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="vt-pagination__controls">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <p className="vt-pagination__status" aria-live="polite">
          Page {page} of {pages}
        </p>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
