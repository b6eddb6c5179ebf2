import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './Icon';
import './row-actions.css';

/** The width of a list's Actions column that holds Edit and Delete side by side. */
export const ROW_ACTIONS_WIDTH = '11rem';

/** Edit and Delete for one table row, named after the row for screen readers. */
export function RowActions({
  name,
  editTo,
  onDelete,
  children,
}: {
  /** What the row is, e.g. "Linen drapes": the buttons read "Edit Linen drapes". */
  name: string;
  editTo?: string;
  onDelete?: () => void;
  /** Actions of the row's own kind, before Edit and Delete (Call, WhatsApp). */
  children?: ReactNode;
}) {
  return (
    <div className="adm-row-actions">
      {children}
      {editTo && (
        <Link className="adm-row-action" to={editTo} aria-label={`Edit ${name}`}>
          <Icon name="edit" size={16} />
          <span aria-hidden="true">Edit</span>
        </Link>
      )}
      {onDelete && (
        <button
          type="button"
          className="adm-row-action adm-row-action--danger"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
        >
          <Icon name="trash" size={16} />
          <span aria-hidden="true">Delete</span>
        </button>
      )}
    </div>
  );
}
