import { ApiError, type TrashEntry } from '@vitrine/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryResult } from '../../testing/query';
import { renderScreen } from '../../testing/render';
import { useTrash } from '../../features/trash/api/get-trash';
import { restoreTrashItem } from '../../features/trash/api/restore-trash-item';
import { TrashPage } from './TrashPage';

jest.mock('../../features/trash/api/get-trash', () => ({
  useTrash: jest.fn(),
  getTrash: jest.fn(),
}));
jest.mock('../../features/trash/api/restore-trash-item', () => ({ restoreTrashItem: jest.fn() }));
jest.mock('../../features/trash/api/delete-trash-item', () => ({ deleteTrashItem: jest.fn() }));

const entries: TrashEntry[] = [
  {
    _id: 't1',
    type: 'user',
    itemId: 'u1',
    name: 'leela',
    deletedBy: { id: 'admin-id', UserName: 'admin' },
    deletedAt: '2026-11-20T10:00:00.000Z',
    purgeAt: '2026-12-20T10:00:00.000Z',
    image: null,
  },
];

function setup(url = '/admin/trash') {
  jest.mocked(useTrash).mockReturnValue(queryResult({ data: { items: entries, total: 1 } }));
  renderScreen(<TrashPage />, { url, path: '/admin/trash' });
  return userEvent.setup();
}

describe('the trash', () => {
  beforeEach(() => jest.clearAllMocks());

  it('sends the type filter to the API and shows who deleted what', () => {
    setup('/admin/trash?type=user');
    expect(jest.mocked(useTrash).mock.lastCall?.[0]).toMatchObject({ type: 'user' });
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getByText('leela')).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(within(row).getByText('user')).toBeInTheDocument();
  });

  it('names the clashing field when a restore is refused, and keeps the item listed', async () => {
    jest.mocked(restoreTrashItem).mockRejectedValue(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Another user now has this user name: rename that one, and restore again',
        errors: { UserName: 'Another user now has this user name' },
      }),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Restore leela' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Restore the user “leela”?' })).getByRole(
        'button',
        { name: 'Restore' },
      ),
    );
    const alert = (await screen.findByText('Could not restore the user “leela”')).closest(
      '[role="alert"]',
    );
    expect(alert).toHaveTextContent('Could not restore the user “leela”');
    expect(alert).toHaveTextContent('User name: already used by a live item');
    expect(restoreTrashItem).toHaveBeenCalledWith('t1');
    expect(screen.getByRole('button', { name: 'Restore leela' })).toBeEnabled();
  });
});
