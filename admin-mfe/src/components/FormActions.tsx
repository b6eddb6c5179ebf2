import { Button, linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';

/** Save and Cancel at the foot of a form; Save shows progress and blocks a second submit. */
export function FormActions({
  busy,
  saveLabel = 'Save',
  cancelTo,
}: {
  busy: boolean;
  saveLabel?: string;
  cancelTo: string;
}) {
  return (
    <div className="adm-form-actions">
      <Button type="submit" busy={busy}>
        {saveLabel}
      </Button>
      <Link className={linkButtonClass('secondary')} to={cancelTo}>
        Cancel
      </Link>
    </div>
  );
}
