import { Button, linkButtonClass } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './form-actions.css';

/**
 * Save and Cancel at the foot of a form; Save shows progress and blocks a second submit.
 * `children` go between them (a form's own actions, such as Preview). A form that is a
 * screen of its own (Settings, My account) has nowhere to cancel to, and no Cancel.
 */
export function FormActions({
  busy,
  saveLabel = 'Save',
  cancelTo,
  children,
}: {
  busy: boolean;
  saveLabel?: string;
  cancelTo?: string;
  children?: ReactNode;
}) {
  return (
    <div className="adm-form-actions">
      <Button type="submit" busy={busy}>
        {saveLabel}
      </Button>
      {children}
      {cancelTo && (
        <Link className={linkButtonClass('secondary')} to={cancelTo}>
          Cancel
        </Link>
      )}
    </div>
  );
}
