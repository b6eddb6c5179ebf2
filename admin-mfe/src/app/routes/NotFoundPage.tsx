import { linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { adminPath } from '../../lib/paths';

/** What an admin address with no screen shows, inside the menu, so the way back is there. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no admin screen at this address." />
      <Link className={linkButtonClass('secondary')} to={adminPath('user')}>
        Go to the users
      </Link>
    </>
  );
}
