import { ROUTER_FUTURE } from '@vitrine/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '@vitrine/ui';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { endSession } from '../features/account/api/end-session';
import { useSession } from '../lib/session';
import { reportUnauthorized } from '../lib/session-events';
import { LocationDisplay, fakeToken } from '../testing/render';
import { AccessGate, SIGN_OUT_UNCONFIRMED } from './AccessGate';

jest.mock('../features/account/api/end-session', () => ({ endSession: jest.fn() }));

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;

function renderGate(url = '/admin/product?page=2&sort=-ProductName') {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]} future={ROUTER_FUTURE}>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <AccessGate>
                <h1>Admin screens</h1>
              </AccessGate>
            }
          />
          <Route path="/login" element={<h1>Sign in</h1>} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </UiProvider>,
  );
}

function SignOutButton() {
  const { signOut } = useSession();
  return (
    <button type="button" onClick={signOut}>
      Log out
    </button>
  );
}

const location = () => screen.getByTestId('location').textContent;
const expectedLogin = `/login?next=${encodeURIComponent('/admin/product?page=2&sort=-ProductName')}`;

describe('the admin access gate', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.querySelectorAll('.adm-detached-toast').forEach((node) => node.remove());
  });

  it('sends a visitor without a token to the login page, with the way back', async () => {
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe(expectedLogin);
    expect(screen.queryByText('Admin screens')).not.toBeInTheDocument();
  });

  it('sends an expired token to the login page too, and forgets it', async () => {
    localStorage.setItem(
      'token',
      fakeToken({ sub: 'u1', UserName: 'admin', isAdmin: true, exp: anHourAgo() }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe(expectedLogin);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows "no access" to a signed-in user who is not an administrator', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'token',
      fakeToken({ sub: 'u2', UserName: 'meera', isAdmin: false, exp: inAnHour() }),
    );
    renderGate();
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('meera')).toBeInTheDocument();
    expect(screen.queryByText('Admin screens')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

    jest.mocked(endSession).mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText('You have signed out')).toBeInTheDocument();
  });

  it('signing out from the admin area ends the token on the server too', async () => {
    const user = userEvent.setup();
    const token = fakeToken({ sub: 'u1', UserName: 'admin', isAdmin: true, exp: inAnHour() });
    localStorage.setItem('token', token);
    jest.mocked(endSession).mockResolvedValue(true);
    render(
      <UiProvider>
        <MemoryRouter initialEntries={['/admin']} future={ROUTER_FUTURE}>
          <Routes>
            <Route
              path="/admin/*"
              element={
                <AccessGate>
                  <SignOutButton />
                </AccessGate>
              }
            />
            <Route path="/" element={<h1>Home</h1>} />
          </Routes>
        </MemoryRouter>
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(endSession).toHaveBeenCalledWith(token);
  });

  it('signs out on this device even when the server cannot be reached, and says what that means', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'token',
      fakeToken({ sub: 'u2', UserName: 'meera', isAdmin: false, exp: inAnHour() }),
    );
    jest.mocked(endSession).mockResolvedValue(false);
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(SIGN_OUT_UNCONFIRMED)).toBeInTheDocument();
  });

  it('shows the admin screens to an administrator', () => {
    localStorage.setItem(
      'token',
      fakeToken({ sub: 'u1', UserName: 'admin', isAdmin: true, exp: inAnHour() }),
    );
    renderGate();
    expect(screen.getByRole('heading', { name: 'Admin screens' })).toBeInTheDocument();
    expect(location()).toBe('/admin/product?page=2&sort=-ProductName');
  });

  it('signs out on a 401 and returns to login with the page and a toast', async () => {
    localStorage.setItem(
      'token',
      fakeToken({ sub: 'u1', UserName: 'admin', isAdmin: true, exp: inAnHour() }),
    );
    renderGate();
    act(() => reportUnauthorized());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe(expectedLogin);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
  });
});
