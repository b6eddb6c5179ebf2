import { ROUTER_FUTURE } from '@vitrine/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getEnquiryStats } from '../features/enquiries/api/get-enquiry-stats';
import { getUser } from '../features/users/api/get-user';
import { getUsers } from '../features/users/api/get-users';
import { createQueryClient } from '../lib/query-client';
import { fakeToken } from '../testing/render';
import { App } from './App';

// The real hooks over stand-in requests.
jest.mock('../features/users/api/get-users', () => {
  const { useQuery } = jest.requireActual('@tanstack/react-query');
  const getUsers = jest.fn();
  return {
    getUsers,
    useUsers: (query: unknown) =>
      useQuery({ queryKey: ['users', query], queryFn: () => getUsers(query) }),
  };
});
jest.mock('../features/users/api/get-user', () => {
  const { useQuery } = jest.requireActual('@tanstack/react-query');
  const getUser = jest.fn();
  return {
    getUser,
    useUser: (id: string) => useQuery({ queryKey: ['user', id], queryFn: () => getUser(id) }),
  };
});
jest.mock('../features/enquiries/api/get-enquiry-stats', () => ({ getEnquiryStats: jest.fn() }));
jest.mock('../features/enquiries/api/get-enquiries', () => {
  const { useQuery } = jest.requireActual('@tanstack/react-query');
  return {
    useEnquiries: (query: unknown) =>
      useQuery({
        queryKey: ['enquiries', query],
        queryFn: () => ({
          items: [
            {
              _id: 'e1',
              FirstName: 'Meera',
              LastName: 'Iyer',
              Message: 'Curtains, please',
              createdAt: '2026-11-24T10:00:00Z',
            },
          ],
          total: 1,
        }),
      }),
  };
});
jest.mock('../features/audit/api/get-audit', () => {
  const { useQuery } = jest.requireActual('@tanstack/react-query');
  return {
    useAuditLog: (query: unknown) =>
      useQuery({ queryKey: ['audit', query], queryFn: () => ({ items: [], total: 0 }) }),
  };
});

// A screen with a bug, for the route's error boundary: it throws while `mockBackupsBroken` is set.
let mockBackupsBroken = false;
jest.mock('./routes/backups/BackupsPage', () => ({
  BackupsPage: () => {
    if (mockBackupsBroken) throw new Error('A bug in the backups screen');
    return jest.requireActual('react').createElement('h1', null, 'Backups');
  },
}));

function renderAdmin(url = '/admin') {
  return render(
    <MemoryRouter initialEntries={[url]} future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/admin/*" element={<App queryClient={createQueryClient()} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the admin area', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(
      'token',
      fakeToken({
        sub: 'admin-id',
        UserName: 'admin',
        isAdmin: true,
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    jest.mocked(getUsers).mockResolvedValue({ items: [], total: 0 });
    jest.mocked(getUser).mockResolvedValue({
      _id: 'admin-id',
      FirstName: 'Asha',
      LastName: 'Verma',
      UserName: 'admin',
      Email: 'asha@vitrine.example',
      Number: '+91 98765 43210',
      isAdmin: true,
      createdAt: '',
      updatedAt: '',
    });
    jest.mocked(getEnquiryStats).mockResolvedValue({ new: 3 });
  });

  it('opens on the overview, new enquiries first, for /admin', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      '/admin/enquiries/e1',
    );
    expect(screen.getByRole('heading', { name: 'New enquiries (1)' })).toBeInTheDocument();
  });

  it('opens the users screen, with its landmarks and one h1', async () => {
    renderAdmin('/admin/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(document.title).toBe('Users · Vitrine admin');
  });

  it('shows the menu, the signed-in user from the API and the count of new enquiries', async () => {
    renderAdmin('/admin/user');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Users', 'Projects', 'Services', 'Reviews', 'Gallery', 'Settings']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    for (const name of ['Audit log', 'Trash', 'Backups', 'Site versions', 'Webhooks']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(
      await within(nav).findByRole('link', { name: /^Enquiries\W*3 new$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('asha@vitrine.example')).toBeInTheDocument();
    expect(getUser).toHaveBeenCalledWith('admin-id');
  });

  it('answers an address with no screen with "Page not found", inside the menu, and a way back', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/no-such-screen');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the users' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('collapses the menu to icons and remembers it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/user');
    const toggle = screen.getByRole('button', { name: 'Menu labels' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('vitrine.admin.menu')).toBe('narrow');
    // Narrow, the links keep their names for assistive technology.
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('title', 'Projects');
    await screen.findByText('Asha Verma');
  });

  describe('a screen that fails to render', () => {
    beforeEach(() => {
      mockBackupsBroken = true;
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => jest.mocked(console.error).mockRestore());

    it('shows its error in its own place, and the menu still goes to the other screens', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin/backups');
      expect(
        screen.getByRole('heading', { level: 1, name: 'This screen could not be shown' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this screen');
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));

      const nav = screen.getByRole('navigation', { name: 'Admin' });
      await user.click(within(nav).getByRole('link', { name: 'Users' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows the screen again on "Try again" once it renders', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin/backups');
      mockBackupsBroken = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
      expect(screen.queryByText('This screen could not be shown')).not.toBeInTheDocument();
    });
  });
});
