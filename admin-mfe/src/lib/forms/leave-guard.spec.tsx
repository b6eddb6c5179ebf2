import { ROUTER_FUTURE } from '@vitrine/contracts';
import { UiProvider } from '@vitrine/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocationDisplay } from '../../testing/render';
import { LeaveGuardProvider, useConfirmLeave, useLeaveGuard } from './leave-guard';

function Form() {
  const [text, setText] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  const confirmLeave = useConfirmLeave();
  useLeaveGuard(text !== '');
  return (
    <>
      <label>
        Name <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/admin/user">Users</Link>
      <a href="#name">Name: Enter the name</a>
      {/* jsdom cannot open a mail program; the guard looks at the click before this runs. */}
      <a href="mailto:asha@example.com" onClick={(event) => event.preventDefault()}>
        Write to Asha
      </a>
      <button onClick={() => void confirmLeave().then((leave) => setSignedOut(leave))}>
        Log out
      </button>
      {signedOut && <p>Signed out</p>}
    </>
  );
}

function setup() {
  render(
    <UiProvider>
      <MemoryRouter initialEntries={['/admin/edit-user/u7']} future={ROUTER_FUTURE}>
        <LeaveGuardProvider>
          <Routes>
            <Route path="/admin/edit-user/:id" element={<Form />} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationDisplay />
        </LeaveGuardProvider>
      </MemoryRouter>
    </UiProvider>,
  );
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;
const dialog = () => screen.getByRole('dialog', { name: 'Leave without saving?' });

describe('the leave guard', () => {
  it('lets a form without changes go at once', async () => {
    const user = setup();
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(location()).toBe('/admin/user');
  });

  it('asks in the page’s dialog before a link leaves changes behind, and stays if told', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(dialog()).toHaveTextContent(/stay in this browser as a draft/);
    await user.click(within(dialog()).getByRole('button', { name: 'Stay on the form' }));
    expect(location()).toBe('/admin/edit-user/u7');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');

    await user.click(screen.getByRole('link', { name: 'Users' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Leave' }));
    expect(location()).toBe('/admin/user');
  });

  it('never holds up links that stay on the page or open another application', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.click(screen.getByRole('link', { name: 'Name: Enter the name' }));
    await user.click(screen.getByRole('link', { name: 'Write to Asha' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before signing out, and gives the browser’s prompt for a reload', async () => {
    const user = setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });
});
