import { ROUTER_FUTURE } from '@vitrine/contracts';
import { ApiError } from '@vitrine/api-client';
import { TOKEN_STORAGE_KEY } from '@vitrine/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { login } from '../api/login';
import { LoginForm } from './LoginForm';

jest.mock('../api/login');
const signIn = jest.mocked(login);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/admin/*" element={<Where />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    user,
    userName: () => screen.getByRole('textbox', { name: /UserName/ }),
    password: () => screen.getByLabelText(/Password/),
    submit: () => user.click(screen.getByRole('button', { name: 'Sign in' })),
  };
}

describe('LoginForm', () => {
  beforeEach(() => {
    signIn.mockReset();
    localStorage.clear();
  });

  it('shows inline messages for empty fields and sends nothing', async () => {
    const form = renderAt('/login');
    await form.submit();

    expect(form.userName()).toHaveAccessibleDescription('Enter your user name');
    expect(form.password()).toHaveAccessibleDescription('Enter your password');
    expect(form.userName()).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();

    // A user name of spaces is still empty.
    await form.user.type(form.userName(), '   ');
    await form.user.type(form.password(), 'secret');
    await form.submit();
    expect(form.userName()).toHaveAccessibleDescription('Enter your user name');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("says 'Wrong Credentials' inline when the API refuses, and stores nothing", async () => {
    signIn.mockRejectedValue(
      new ApiError(401, { statusCode: 401, error: 'Unauthorized', message: 'Wrong Credentials' }),
    );
    const form = renderAt('/login');
    await form.user.type(form.userName(), 'admin');
    await form.user.type(form.password(), 'not-the-password');
    await form.submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong Credentials');
    expect(signIn).toHaveBeenCalledWith({ UserName: 'admin', Password: 'not-the-password' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(form.userName()).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("puts the API's field messages beside their fields and takes each away as it is edited", async () => {
    signIn.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        errors: { UserName: 'UserName must be shorter than or equal to 120 characters' },
      }),
    );
    const form = renderAt('/login');
    await form.user.type(form.userName(), 'admin');
    await form.user.type(form.password(), 'pw');
    await form.submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked.');
    expect(form.userName()).toHaveAccessibleDescription(
      'UserName must be shorter than or equal to 120 characters',
    );
    await form.user.type(form.userName(), 'x');
    expect(form.userName()).not.toHaveAccessibleDescription(/shorter/);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked.');
  });

  it('tells how long to wait after too many attempts', async () => {
    signIn.mockRejectedValue(
      new ApiError(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, {
        headers: new Headers({ 'Retry-After': '30' }),
      } as Response),
    );
    const form = renderAt('/login');
    await form.user.type(form.userName(), 'admin');
    await form.user.type(form.password(), 'guess');
    await form.submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('try again in 30 seconds');
  });

  it('stores the token and goes to the services list at once', async () => {
    signIn.mockResolvedValue('header.payload.signature');
    const form = renderAt('/login');
    await form.user.type(form.userName(), ' admin ');
    await form.user.type(form.password(), 'correct horse');
    await form.submit();

    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/overview');
    expect(signIn).toHaveBeenCalledWith({ UserName: 'admin', Password: 'correct horse' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('header.payload.signature');
  });

  it('goes to ?next= when it is an admin page of this site', async () => {
    signIn.mockResolvedValue('t');
    const form = renderAt(`/login?next=${encodeURIComponent('/admin/edit-product/42?x=1')}`);
    await form.user.type(form.userName(), 'admin');
    await form.user.type(form.password(), 'pw');
    await form.submit();

    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/edit-product/42?x=1');
  });

  it('ignores a ?next= that leads elsewhere', async () => {
    signIn.mockResolvedValue('t');
    const form = renderAt(`/login?next=${encodeURIComponent('//evil.example/admin')}`);
    await form.user.type(form.userName(), 'admin');
    await form.user.type(form.password(), 'pw');
    await form.submit();

    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/overview');
  });
});
