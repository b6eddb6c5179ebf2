import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api-client';
import { okResponse, type ClientCall } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { ShareButton } from './ShareButton';

jest.mock('../../../lib/api-client', () => ({
  api: { GET: jest.fn(), POST: jest.fn(), DELETE: jest.fn() },
}));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;
const POST = api.POST as unknown as jest.MockedFunction<ClientCall>;
const DELETE = api.DELETE as unknown as jest.MockedFunction<ClientCall>;

const live = {
  _id: 'l1',
  kind: 'product',
  itemId: 'p1',
  hint: 'Xk3f9Q',
  createdAt: '2026-12-02T10:00:00.000Z',
  expiresAt: '2026-12-09T10:00:00.000Z',
};

describe('Share on an edit screen', () => {
  let links: (typeof live)[];
  const outerSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());

  beforeEach(() => {
    jest.clearAllMocks();
    links = [];
    GET.mockImplementation(() => Promise.resolve({ data: [...links], response: okResponse }));
    POST.mockImplementation(() => {
      links = [live];
      return Promise.resolve({
        data: { ...live, path: `/preview/share/Xk3f9Q${'a'.repeat(37)}` },
        response: okResponse,
      });
    });
    DELETE.mockImplementation(() => {
      links = [];
      return Promise.resolve({ data: undefined, response: okResponse });
    });
    renderScreen(
      <form onSubmit={outerSubmit}>
        <ShareButton kind="product" id="p1" what="project" />
      </form>,
      { url: '/admin/edit-product/p1', path: '/admin/edit-product/:id' },
    );
  });

  it('makes a 7-day link, shows it to copy, and lists it, without saving the item', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share with a client' });
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: /^Link for the client/ });
    expect(link).toHaveValue(`${window.location.origin}/preview/share/Xk3f9Q${'a'.repeat(37)}`);
    expect(POST.mock.calls[0][1]).toMatchObject({
      body: { kind: 'product', id: 'p1', expiresInDays: 7 },
    });
    expect(
      await within(dialog).findByRole('button', { name: /^Revoke the link Xk3f9Q/ }),
    ).toBeInTheDocument();
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('refuses a day already past before sending, then revokes a live link', async () => {
    links = [live];
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share with a client' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'date');
    await user.type(within(dialog).getByLabelText('Last day it works'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findAllByText('Choose today or a later day')).not.toHaveLength(0);
    expect(POST).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /^Revoke the link Xk3f9Q/ }));
    expect(await within(dialog).findByText('No active links.')).toBeInTheDocument();
    expect(DELETE.mock.calls[0][1]).toMatchObject({ params: { path: { id: 'l1' } } });
    await waitFor(() => expect(screen.getByText(/Link revoked/)).toBeInTheDocument());
  });
});
