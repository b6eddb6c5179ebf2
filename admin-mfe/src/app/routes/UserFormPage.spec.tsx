import { ApiError, type User } from '@vitrine/api-client';
import { cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../testing/render';
import { queryResult } from '../../testing/query';
import { createUser } from '../../features/users/api/create-user';
import { useUser } from '../../features/users/api/get-user';
import { updateUser } from '../../features/users/api/update-user';
import { UserFormPage } from './UserFormPage';

jest.mock('../../features/users/api/create-user', () => ({ createUser: jest.fn() }));
jest.mock('../../features/users/api/update-user', () => ({ updateUser: jest.fn() }));
jest.mock('../../features/users/api/get-user', () => ({ useUser: jest.fn(), getUser: jest.fn() }));

const asha: User = {
  _id: 'u7',
  FirstName: 'Asha',
  LastName: 'Verma',
  UserName: 'asha.verma',
  Email: 'asha@vitrine.example',
  Number: '+91 98765 43210',
  isAdmin: false,
  createdAt: '',
  updatedAt: '',
};

const location = () => screen.getByTestId('location').textContent;

function renderAdd() {
  jest.mocked(useUser).mockReturnValue(
    queryResult({
      data: undefined,
    }),
  );
  renderScreen(<UserFormPage />, { url: '/admin/add-user', path: '/admin/add-user' });
  return userEvent.setup();
}

function renderEdit() {
  jest.mocked(useUser).mockReturnValue(queryResult({ data: asha }));
  renderScreen(<UserFormPage />, { url: '/admin/edit-user/u7', path: '/admin/edit-user/:id' });
  return userEvent.setup();
}

async function fillNewUser(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ravi');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Kumar');
  await user.type(screen.getByRole('textbox', { name: /User name/ }), 'admin');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ravi@example.com');
  await user.type(screen.getByRole('textbox', { name: /Number/ }), '+91 98765 00000');
  await user.type(screen.getByLabelText(/^Password/), 'long enough password');
}

describe('the user form', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
  });

  it('shows a duplicate user name beside the field and keeps the form', async () => {
    jest.mocked(createUser).mockRejectedValue(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This user name is already taken',
        errors: { UserName: 'This user name is already taken' },
      }),
    );
    const user = renderAdd();
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    const userName = screen.getByRole('textbox', { name: /User name/ });
    expect(userName).toHaveAttribute('aria-invalid', 'true');
    expect(userName).toHaveAccessibleDescription(/This user name is already taken/);
    expect(location()).toBe('/admin/add-user');
    // What was typed is still there to correct.
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ravi');
    // Said in the summary at the top and in a toast as well.
    expect(screen.getByText('The user was not added')).toBeInTheDocument();
    expect(
      screen.getByText('The user was not saved: This user name is already taken'),
    ).toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    const user = renderAdd();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(createUser).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(location()).toBe('/admin/add-user');
  });

  it('adds an administrator unless told otherwise', () => {
    renderAdd();
    expect(screen.getByRole('checkbox', { name: /Administrator/ })).toBeChecked();
  });

  it('returns to the list with a toast after a successful save', async () => {
    jest.mocked(createUser).mockResolvedValue({ ...asha, _id: 'u8' });
    const user = renderAdd();
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Add user' }));

    expect(createUser).toHaveBeenCalledWith({
      FirstName: 'Ravi',
      LastName: 'Kumar',
      UserName: 'admin',
      Email: 'ravi@example.com',
      Number: '+91 98765 00000',
      Password: 'long enough password',
      isAdmin: true,
    });
    expect(await screen.findByText('User added')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/user'));
  });

  it('edits a user prefilled, with an empty password that is not sent', async () => {
    jest.mocked(updateUser).mockResolvedValue(asha);
    const user = renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /User name/ })).toHaveValue('asha.verma');
    const password = screen.getByLabelText(/New password/);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('Leave blank to keep the current password');

    await user.clear(screen.getByRole('textbox', { name: /Last name/ }));
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Iyer');
    await user.click(screen.getByRole('button', { name: 'Save user' }));

    expect(updateUser).toHaveBeenCalledTimes(1);
    const [id, body] = jest.mocked(updateUser).mock.calls[0];
    expect(id).toBe('u7');
    expect(body).toMatchObject({ LastName: 'Iyer', UserName: 'asha.verma' });
    expect(body).not.toHaveProperty('Password');
    expect(await screen.findByText('User saved')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/user'));
  });

  it('keeps a draft in the browser, never the password, and offers it when the form opens again', async () => {
    const first = renderEdit();
    await first.clear(screen.getByRole('textbox', { name: /Last name/ }));
    await first.type(screen.getByRole('textbox', { name: /Last name/ }), 'Iyer');
    await first.type(screen.getByLabelText(/New password/), 'a new secret');
    const kept = Object.entries(localStorage).find(([key]) => key.includes('user:u7'));
    expect(kept?.[0]).toBe('vitrine-admin-draft:admin-id:user:u7');
    expect(kept?.[1]).toContain('Iyer');
    expect(kept?.[1]).not.toContain('a new secret');
    cleanup(); // the tab crashed, or was reloaded

    const again = renderEdit();
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Verma');
    const notice = screen.getByRole('region', { name: 'Unsaved draft' });
    expect(notice).toHaveTextContent(/Unsaved changes to this user from .* were kept/);
    await again.click(within(notice).getByRole('button', { name: 'Restore my changes' }));
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Iyer');
    expect(screen.getByLabelText(/New password/)).toHaveValue('');

    jest.mocked(updateUser).mockResolvedValue(asha);
    await again.click(screen.getByRole('button', { name: 'Save user' }));
    expect(await screen.findByText('User saved')).toBeInTheDocument();
    expect(jest.mocked(updateUser).mock.calls[0][1]).toMatchObject({ LastName: 'Iyer' });
    // Saved: nothing is offered any more.
    expect(localStorage.getItem('vitrine-admin-draft:admin-id:user:u7')).toBeNull();
  });

  it('forgets a draft that is discarded', async () => {
    const first = renderEdit();
    await first.type(screen.getByRole('textbox', { name: /First name/ }), 'ji');
    cleanup();
    const again = renderEdit();
    await again.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });
});
