import { SkipLink, VisuallyHidden } from '@vitrine/ui';
import { useEffect, useId } from 'react';
import { NavLink, Outlet, useParams } from 'react-router-dom';
import { Icon, type IconName } from '../components/Icon';
import { useNewEnquiryCount } from '../features/enquiries/hooks/use-new-enquiry-count';
import { useUser } from '../features/users/api/get-user';
import { pruneDrafts } from '../lib/forms/drafts';
import { LeaveGuardProvider, useConfirmLeave } from '../lib/forms/leave-guard';
import { adminPath } from '../lib/paths';
import { useSession } from '../lib/session';
import './admin-layout.css';
import './side-menu.css';
import { useMenuWidth } from './use-menu-width';

interface MenuItem {
  path: string;
  label: string;
  icon: IconName;
}

const MENU: readonly MenuItem[] = [
  { path: 'overview', label: 'Overview', icon: 'home' },
  { path: 'insights', label: 'Insights', icon: 'chart' },
  { path: 'user', label: 'Users', icon: 'users' },
  { path: 'product', label: 'Projects', icon: 'projects' },
  { path: 'service', label: 'Services', icon: 'services' },
  { path: 'review', label: 'Reviews', icon: 'reviews' },
  { path: 'gallery', label: 'Gallery', icon: 'gallery' },
  { path: 'media', label: 'Media library', icon: 'gallery' },
  { path: 'enquiries', label: 'Enquiries', icon: 'enquiries' },
  { path: 'settings', label: 'Settings', icon: 'settings' },
  { path: 'audit', label: 'Audit log', icon: 'audit' },
  { path: 'trash', label: 'Trash', icon: 'trash' },
  { path: 'backups', label: 'Backups', icon: 'download' },
  { path: 'tokens', label: 'API tokens', icon: 'key' },
  { path: 'webhooks', label: 'Webhooks', icon: 'webhook' },
  { path: 'versions', label: 'Site versions', icon: 'layers' },
];

// The list and its add/edit screens share a menu entry.
const SECTION_OF: Record<string, string> = {
  'add-user': 'user',
  'edit-user': 'user',
  'add-product': 'product',
  'edit-product': 'product',
  'add-service': 'service',
  'edit-service': 'service',
  'add-review': 'review',
  'edit-review': 'review',
};

/** The frame of every admin screen: skip link, side menu, and the screen in <main>. */
export function AdminLayout() {
  const navId = useId();
  const { wide, small, toggle, closeOnSmall } = useMenuWidth();
  const newEnquiries = useNewEnquiryCount();
  const screen = (useParams()['*'] ?? '').split('/')[0];
  const section = SECTION_OF[screen] ?? screen;
  useEffect(() => pruneDrafts(), []);

  return (
    <LeaveGuardProvider>
      <div
        className={`adm ${wide ? 'adm--wide' : 'adm--narrow'}${small ? ' adm--small' : ''}`}
        data-testid="admin-mfe"
      >
        <SkipLink />
        {small && wide && <div className="adm-scrim" aria-hidden="true" onClick={closeOnSmall} />}
        <aside className="adm-sidebar">
          <div className="adm-sidebar__top">
            <span className="adm-brand">
              <span className="adm-brand__mark" aria-hidden="true">
                V
              </span>
              <span className="adm-brand__name adm-when-wide">Vitrine admin</span>
            </span>
            {small ? (
              // A phone has no room for a rail: a bar with the menu's name opens it, labelled.
              <button
                type="button"
                className="adm-menu-toggle adm-menu-toggle--text"
                aria-expanded={wide}
                aria-controls={navId}
                onClick={toggle}
              >
                <Icon name="menu" />
                Menu
                {newEnquiries !== null && newEnquiries > 0 && !wide && (
                  <span className="adm-nav__badge">
                    {newEnquiries > 99 ? '99+' : newEnquiries}
                    <VisuallyHidden> new enquiries</VisuallyHidden>
                  </span>
                )}
              </button>
            ) : (
              <button
                type="button"
                className="adm-menu-toggle"
                aria-expanded={wide}
                aria-controls={navId}
                aria-label="Menu labels"
                title={wide ? 'Collapse the menu' : 'Expand the menu'}
                onClick={toggle}
              >
                <Icon name={wide ? 'collapse' : 'expand'} />
              </button>
            )}
          </div>
          <nav id={navId} aria-label="Admin" className="adm-nav">
            <ul className="adm-nav__list">
              {MENU.map((item) => (
                <li key={item.path}>
                  <MenuLink
                    item={item}
                    active={section === item.path}
                    wide={wide}
                    badge={item.path === 'enquiries' ? newEnquiries : null}
                    onNavigate={closeOnSmall}
                  />
                </li>
              ))}
            </ul>
            <LogOutButton wide={wide} />
          </nav>
          <Profile wide={wide} />
        </aside>
        <main id="main" className="adm-main" tabIndex={-1}>
          <div className="adm-main__inner">
            <Outlet />
          </div>
        </main>
      </div>
    </LeaveGuardProvider>
  );
}

function MenuLink({
  item,
  active,
  wide,
  badge,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  wide: boolean;
  badge: number | null;
  onNavigate(): void;
}) {
  return (
    <NavLink
      to={adminPath(item.path)}
      className={`adm-nav__link${active ? ' adm-nav__link--active' : ''}`}
      title={wide ? undefined : item.label}
      onClick={onNavigate}
    >
      <span className="adm-nav__icon">
        <Icon name={item.icon} />
        {badge !== null && badge > 0 && !wide && (
          <span className="adm-nav__dot" aria-hidden="true" />
        )}
      </span>
      <span className={wide ? 'adm-nav__label' : 'vt-visually-hidden'}>{item.label}</span>
      {badge !== null && badge > 0 && (
        <>
          {wide && (
            <span className="adm-nav__badge" aria-hidden="true">
              {badge > 99 ? '99+' : badge}
            </span>
          )}
          <VisuallyHidden>{`, ${badge} new`}</VisuallyHidden>
        </>
      )}
    </NavLink>
  );
}

function LogOutButton({ wide }: { wide: boolean }) {
  const { signOut } = useSession();
  const confirmLeave = useConfirmLeave();
  return (
    <button
      type="button"
      className="adm-nav__link adm-nav__logout"
      title={wide ? undefined : 'Log out'}
      onClick={() => void confirmLeave().then((leave) => leave && signOut())}
    >
      <span className="adm-nav__icon">
        <Icon name="logout" />
      </span>
      <span className={wide ? 'adm-nav__label' : 'vt-visually-hidden'}>Log out</span>
    </button>
  );
}

/** Who is signed in, from their own user record (the token only carries the user name). */
function Profile({ wide }: { wide: boolean }) {
  const { claims } = useSession();
  const { data: user } = useUser(claims.sub);
  const name = user ? `${user.FirstName} ${user.LastName}`.trim() : claims.UserName;
  const initials =
    (user
      ? `${user.FirstName[0] ?? ''}${user.LastName[0] ?? ''}`
      : claims.UserName.slice(0, 2)
    ).toUpperCase() || '?';
  return (
    <section className="adm-profile" aria-label="Signed in as">
      <NavLink
        to={adminPath('account')}
        className="adm-profile__link"
        title={wide ? undefined : `${name}: my account`}
      >
        <span className="adm-profile__avatar" aria-hidden="true">
          {initials}
        </span>
        <span className={wide ? 'adm-profile__text' : 'vt-visually-hidden'}>
          <span className="adm-profile__name" data-testid="profile-name">
            {name}
          </span>
          {/* The e-mail's line is there while the record loads, so the block does not grow
              (and move) when it comes. */}
          <span className="adm-profile__email" data-testid="profile-email">
            {user?.Email || '\u00a0'}
          </span>
          <span className="adm-profile__email">My account</span>
        </span>
      </NavLink>
    </section>
  );
}
