import { Button, linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { useSession } from '../lib/session';
import '../components/page.css';
import './no-access.css';

/** A signed-in visitor without administrator rights. */
export function NoAccess() {
  const { claims, signOut } = useSession();
  return (
    <main id="main" className="adm-no-access" data-testid="admin-mfe">
      <title>No access · Vitrine admin</title>
      <div className="adm-card adm-no-access__card">
        <h1 className="adm-no-access__title">No access</h1>
        <p>
          You are signed in as <strong>{claims.UserName || 'this user'}</strong>, which is not an
          administrator account, so the admin area is not available to you.
        </p>
        <p>Sign out and sign in again as an administrator, or go back to the site.</p>
        <div className="adm-no-access__actions">
          <Link className={linkButtonClass('primary')} to="/">
            Go to the home page
          </Link>
          <Button variant="secondary" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
