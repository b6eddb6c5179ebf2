import type { User } from '@vitrine/api-client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../testing/render';
import { queryResult } from '../../testing/query';
import { deleteUser } from '../../features/users/api/delete-user';
import { useUsers } from '../../features/users/api/get-users';
import { UsersPage } from './UsersPage';

jest.mock('../../features/users/api/get-users', () => ({
  useUsers: jest.fn(),
  getUsers: jest.fn(),
}));
jest.mock('../../features/users/api/delete-user', () => ({ deleteUser: jest.fn() }));

const users: User[] = Array.from({ length: 20 }, (_, i) => ({
  _id: `u${i + 1}`,
  FirstName: `First${i + 1}`,
  LastName: `Last${i + 1}`,
  UserName: `user${i + 1}`,
  Email: `user${i + 1}@example.com`,
  Number: '+91 98765 43210',
  isAdmin: i === 0,
  createdAt: '',
  updatedAt: '',
}));

const refetch = jest.fn();
const location = () => screen.getByTestId('location').textContent;
const lastQuery = () => jest.mocked(useUsers).mock.lastCall?.[0];

function setup(url = '/admin/user') {
  jest.mocked(useUsers).mockReturnValue(
    queryResult({
      data: { items: users, total: 45 },
      refetch,
    }),
  );
  renderScreen(<UsersPage />, { url, path: '/admin/user' });
  return userEvent.setup();
}

describe('the users list', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows the users without any password column, numbered from 1', () => {
    setup();
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[↕▲▼]/g, ''));
    expect(headers).toEqual([
      'Sr. No.',
      'First name',
      'Last name',
      'User name',
      'Email',
      'Number',
      'Role',
      'Actions',
    ]);
    expect(headers.join(' ')).not.toMatch(/password/i);
    const firstRow = screen.getAllByRole('row')[1];
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(firstRow).getByText('Admin')).toBeInTheDocument();
  });

  it('reads page, sort and search from the URL and sends them to the API', () => {
    setup('/admin/user?page=3&sort=-Email&q=asha');
    expect(lastQuery()).toEqual({ page: 3, limit: 20, sort: '-Email', q: 'asha' });
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('asha');
    // Row numbers continue across pages.
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[0]).toHaveTextContent('41');
  });

  it('puts the page in the URL when paging', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/admin/user?page=2');
    expect(lastQuery()).toMatchObject({ page: 2, sort: 'UserName' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(location()).toBe('/admin/user');
  });

  it('puts the sort in the URL and goes back to the first page', async () => {
    const user = setup('/admin/user?page=2');
    const header = screen.getByRole('columnheader', { name: /First name/ });
    await user.click(within(header).getByRole('button'));
    expect(location()).toBe('/admin/user?sort=FirstName');
    expect(lastQuery()).toMatchObject({ page: 1, sort: 'FirstName' });

    await user.click(
      within(screen.getByRole('columnheader', { name: /First name/ })).getByRole('button'),
    );
    expect(location()).toBe('/admin/user?sort=-FirstName');
  });

  it('puts the search in the URL', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      jest.mocked(useUsers).mockReturnValue(
        queryResult({
          data: { items: users, total: 45 },
          refetch,
        }),
      );
      renderScreen(<UsersPage />, { url: '/admin/user?page=2', path: '/admin/user' });
      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'verma');
      act(() => jest.advanceTimersByTime(400));
      expect(location()).toBe('/admin/user?q=verma');
      expect(lastQuery()).toMatchObject({ page: 1, q: 'verma' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('deletes through the confirm dialog, then says so and reloads the list', async () => {
    jest.mocked(deleteUser).mockResolvedValue(undefined);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Delete First2 Last2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the user “First2 Last2”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deleteUser).toHaveBeenCalledWith('u2');
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(refetch).toHaveBeenCalled();
  });

  it('offers no delete for your own account', () => {
    users[0]._id = 'admin-id';
    setup();
    expect(screen.queryByRole('button', { name: 'Delete First1 Last1' })).not.toBeInTheDocument();
    users[0]._id = 'u1';
  });
});
