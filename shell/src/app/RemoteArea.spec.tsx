import { ROUTER_FUTURE } from '@vitrine/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { RemoteArea, resetRemoteAreas } from './RemoteArea';
import { loadedRemoteModule, loadRemoteModule, type RemoteName } from './remotes';

jest.mock('./remotes', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);
const loaded = jest.mocked(loadedRemoteModule);

function renderArea(remote: RemoteName, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Link to="/about">About</Link>
      <RemoteArea remote={remote} label={remote === 'public_mfe' ? 'public site' : 'admin area'} />
    </MemoryRouter>,
  );
}

describe('RemoteArea', () => {
  beforeEach(() => {
    resetRemoteAreas();
    load.mockReset();
    loaded.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the component the remote exposes', async () => {
    load.mockResolvedValue({ default: () => <h1>From the remote</h1> });
    renderArea('public_mfe');
    expect(await screen.findByRole('heading', { name: 'From the remote' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('public_mfe');
  });

  it('renders a remote loaded before the area at once, without a loading state', () => {
    loaded.mockReturnValue({ default: () => <h1>Already here</h1> });
    renderArea('admin_mfe', '/admin');
    expect(screen.getByRole('heading', { name: 'Already here' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a readable message when the remote fails, and retries after navigation', async () => {
    load.mockRejectedValueOnce(new Error('remoteEntry.js: net::ERR_CONNECTION_REFUSED'));
    renderArea('admin_mfe', '/gallery');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The admin area is not available right now',
    );

    load.mockResolvedValue({ default: () => <h1>Back again</h1> });
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
