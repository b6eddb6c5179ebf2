import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteDeployment } from '../../../features/deployments/deployment-state';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { okResponse, type ClientCall } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { SiteVersionsPage } from './SiteVersionsPage';

// The real queries and calls, over stand-in answers from the API.
jest.mock('../../../lib/api-client', () => ({ api: { GET: jest.fn(), POST: jest.fn() } }));
const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;
const POST = api.POST as unknown as jest.MockedFunction<ClientCall>;

const V1 = '3f9a0c1b2d4e-e98d368';
const V2 = '7b1e22aa90c4-f00ba12';
const V3 = 'c0ffee000000-0badf00';

const publicSite: RemoteDeployment = {
  remote: 'public_mfe',
  environment: 'production',
  current: V2,
  previous: V1,
  serving: { version: V2, at: '2026-11-27T09:30:00.000Z' },
  refused: [
    {
      version: V3,
      reason: 'its render of /contact-us answered 500',
      at: '2026-11-26T18:00:00.000Z',
    },
  ],
  moves: [
    { version: V2, action: 'rollback', by: 'asha', at: '2026-11-27T09:29:00.000Z' },
    { version: V3, action: 'publish', by: 'deploy', at: '2026-11-26T17:59:00.000Z' },
    { version: V2, action: 'promote', by: 'admin', at: '2026-11-25T12:00:00.000Z' },
  ],
  versions: [
    { version: V3, publishedBy: 'deploy', publishedAt: '2026-11-26T17:59:00.000Z' },
    { version: V2, publishedBy: 'deploy', publishedAt: '2026-11-25T11:00:00.000Z' },
    { version: V1, publishedBy: 'deploy', publishedAt: '2026-11-20T10:00:00.000Z' },
  ],
};

const adminArea: RemoteDeployment = {
  remote: 'admin_mfe',
  environment: 'production',
  current: null,
  previous: null,
  serving: null,
  refused: [],
  moves: [],
  versions: [],
};

/** After the rollback: the pointer names V1, which the shells are still checking. */
const rolledBack: RemoteDeployment = {
  ...publicSite,
  current: V1,
  previous: V2,
  moves: [
    { version: V1, action: 'rollback', by: 'admin', at: '2026-11-28T08:00:00.000Z' },
    ...publicSite.moves,
  ],
};

const answer = (data: unknown) => Promise.resolve({ data, response: okResponse });

/** A refusal as the typed client hands it over: the API's error body and its status. */
const refusal = (status: number, error: string, message: string) =>
  Promise.resolve({
    error: { statusCode: status, error, message },
    response: { ok: false, status, headers: { get: () => null } } as unknown as Response,
  });

/** What GET /api/deployments answers now; a test's POST changes it as the API would. */
let remotes: RemoteDeployment[];

function renderVersions(shown: RemoteDeployment[] = [publicSite, adminArea]) {
  remotes = shown;
  renderScreen(<SiteVersionsPage />, { url: '/admin/versions', path: '/admin/versions' });
  return userEvent.setup();
}

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('the site versions', () => {
  beforeEach(() => {
    GET.mockReset().mockImplementation(() => answer(remotes));
    POST.mockReset();
  });

  it('asks for production, and shows each remote: served, before it, refused, published', async () => {
    renderVersions();
    await screen.findByRole('heading', { level: 2, name: 'Public site' });
    expect(GET).toHaveBeenCalledWith('/api/deployments', {
      params: { query: { environment: 'production' } },
      signal: expect.anything(),
    });
    const site = card('Public site');

    // Versions are shortened in monospace, the whole id in the title and for screen readers.
    const served = site.getByText('Serving').nextElementSibling as HTMLElement;
    expect(served).toHaveTextContent(`since ${formatDateTime('2026-11-27T09:30:00.000Z')}`);
    expect(within(served).getByTitle(V2)).toHaveTextContent('7b1e22a…f00ba12');
    expect(within(served).getByTitle(V2).tagName).toBe('CODE');
    expect(site.queryByText('Switching to')).not.toBeInTheDocument();
    expect(site.getByText('Before it').nextElementSibling).toHaveTextContent(V1);
    expect(site.getByRole('button', { name: `Roll back to ${V1}` })).toBeEnabled();

    const refused = site.getByText('its render of /contact-us answered 500').closest('li');
    expect(refused).toHaveTextContent(V3);
    expect(refused).toHaveTextContent(formatDateTime('2026-11-26T18:00:00.000Z'));

    // Every published version but the current one can be served again.
    expect(site.getByRole('button', { name: `Serve this version: ${V1}` })).toBeEnabled();
    expect(site.getByRole('button', { name: `Serve this version: ${V3}` })).toBeEnabled();
    expect(
      site.queryByRole('button', { name: `Serve this version: ${V2}` }),
    ).not.toBeInTheDocument();

    const admin = card('Admin area');
    expect(admin.getByText('Not reported by the shells yet')).toBeInTheDocument();
    expect(admin.getByText('None: nothing to roll back to')).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: /^Roll back/ })).not.toBeInTheDocument();
  });

  it('lists the pointer’s moves as a table: version, what happened, by whom, when', async () => {
    renderVersions();
    const history = await screen.findByRole('table', { name: 'History' });
    const rows = within(history)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Version', 'What happened', 'By', 'When'],
      [expect.stringContaining(V2), 'rolled back', 'asha', formatDateTime(publicSite.moves[0].at)],
      [expect.stringContaining(V3), 'published', 'deploy', formatDateTime(publicSite.moves[1].at)],
      [expect.stringContaining(V2), 'promoted', 'admin', formatDateTime(publicSite.moves[2].at)],
    ]);
  });

  it('rolls back once the dialog is confirmed, says so, and shows the shells checking', async () => {
    POST.mockImplementation(() => {
      remotes = [rolledBack, adminArea];
      return answer({ remote: 'public_mfe', environment: 'production', current: V1, previous: V2 });
    });
    const user = renderVersions();
    await user.click(await screen.findByRole('button', { name: `Roll back to ${V1}` }));

    const dialog = screen.getByRole('dialog', {
      name: 'Roll the public site back to 3f9a0c1…e98d368?',
    });
    expect(POST).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    expect(await screen.findByText('Rolled the public site back to 3f9a0c1…e98d368')).toBeVisible();
    expect(POST).toHaveBeenCalledWith('/api/deployments/{remote}/rollback', {
      params: { path: { remote: 'public_mfe' } },
      body: { environment: 'production' },
    });
    // Read again: the pointer names V1 and the shells still serve V2 while they check it.
    const switching = await card('Public site').findByText('Switching to');
    expect(switching.nextElementSibling).toHaveTextContent(`${V1} checking…`);
    // The version still served is marked so in the list, beside the one named now.
    const served = card('Public site')
      .getByRole('button', { name: `Serve this version: ${V2}` })
      .closest('li') as HTMLElement;
    expect(within(served).getByText('serving')).toBeInTheDocument();
    expect(card('Public site').getByText('current').closest('li')).toHaveTextContent(V1);
    expect(card('Public site').getAllByRole('row')[1]).toHaveTextContent(/rolled back\s*admin/);
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const user = renderVersions();
    await user.click(await screen.findByRole('button', { name: `Serve this version: ${V1}` }));
    const dialog = screen.getByRole('dialog', {
      name: 'Serve 3f9a0c1…e98d368 on the public site?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(POST).not.toHaveBeenCalled();
  });

  it('serves an earlier published version once the dialog is confirmed', async () => {
    POST.mockImplementation(() => {
      remotes = [rolledBack, adminArea];
      return answer({ remote: 'public_mfe', environment: 'production', current: V1, previous: V2 });
    });
    const user = renderVersions();
    await user.click(await screen.findByRole('button', { name: `Serve this version: ${V1}` }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Serve this version' }),
    );
    expect(await screen.findByText('Promoted 3f9a0c1…e98d368 on the public site')).toBeVisible();
    expect(POST).toHaveBeenCalledWith('/api/deployments/{remote}/promote', {
      params: { path: { remote: 'public_mfe' } },
      body: { version: V1, environment: 'production' },
    });
  });

  it('says a refused rollback in the remote’s card, and reads the versions again', async () => {
    POST.mockImplementation(() =>
      refusal(409, 'Conflict', "public_mfe's pointer moved meanwhile; look again and retry"),
    );
    const user = renderVersions();
    await user.click(await screen.findByRole('button', { name: `Roll back to ${V1}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back' }));

    const alert = await card('Public site').findByRole('alert');
    expect(alert).toHaveTextContent('Could not roll back');
    expect(alert).toHaveTextContent("public_mfe's pointer moved meanwhile; look again and retry");
    expect(screen.queryByText(/^Rolled the public site back/)).not.toBeInTheDocument();
    await waitFor(() => expect(GET).toHaveBeenCalledTimes(2));
    expect(card('Public site').getByRole('button', { name: `Roll back to ${V1}` })).toBeEnabled();
  });

  it('points to the README when nothing is published yet', async () => {
    renderVersions([{ ...publicSite, ...adminArea, remote: 'public_mfe' }, adminArea]);
    expect(await screen.findByText('Nothing published yet')).toBeInTheDocument();
    expect(screen.getByText('See ‘Deploying a remote’ in the README.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says what could not be loaded, with the API’s reason', async () => {
    GET.mockImplementation(() =>
      refusal(503, 'Service Unavailable', 'The database is not answering'),
    );
    renderVersions();
    expect(await screen.findByText('The site versions could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not answering')).toBeInTheDocument();
  });
});
