import { ApiError, type ApiToken } from '@vitrine/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryResult } from '../../testing/query';
import { renderScreen } from '../../testing/render';
import { createToken } from '../../features/tokens/api/create-token';
import { useTokens } from '../../features/tokens/api/get-tokens';
import { renewToken } from '../../features/tokens/api/renew-token';
import { revokeToken } from '../../features/tokens/api/revoke-token';
import { TokensPage } from './TokensPage';

jest.mock('../../features/tokens/api/get-tokens', () => ({
  useTokens: jest.fn(),
  tokensQueryOptions: () => ({ queryKey: ['api-tokens'] }),
}));
jest.mock('../../features/tokens/api/create-token', () => ({ createToken: jest.fn() }));
jest.mock('../../features/tokens/api/renew-token', () => ({ renewToken: jest.fn() }));
jest.mock('../../features/tokens/api/revoke-token', () => ({ revokeToken: jest.fn() }));

const listed: ApiToken = {
  id: 't1',
  name: 'Marketplace feed',
  prefix: 'vit_AbCd',
  rights: { product: ['read'], enquiry: ['read'] },
  lifetimeDays: 30,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  lastUsedAt: null,
  allowedAddresses: [],
  rateLimitPerMinute: null,
  createdBy: { id: 'a1', UserName: 'admin' },
};

function setup() {
  jest.mocked(useTokens).mockReturnValue(queryResult({ data: [listed] }));
  renderScreen(<TokensPage />, { url: '/admin/tokens', path: '/admin/tokens' });
  return userEvent.setup();
}

describe('the API tokens screen', () => {
  beforeEach(() => jest.clearAllMocks());

  it('lists tokens by name, prefix, rights, expiry and last use', () => {
    setup();
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getByText('Marketplace feed')).toBeInTheDocument();
    expect(within(row).getByText('vit_AbCd…')).toBeInTheDocument();
    expect(within(row).getByText('Projects: read · Enquiries: read')).toBeInTheDocument();
    expect(within(row).getByText('Not yet')).toBeInTheDocument();
  });

  it('creates a token with custom rights and shows its secret once', async () => {
    jest.mocked(createToken).mockResolvedValue({ ...listed, name: 'Sync', token: 'vit_secret' });
    const user = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Sync');
    await user.selectOptions(screen.getByLabelText('Access'), 'custom');
    await user.click(screen.getByLabelText('Projects: read'));
    await user.click(screen.getByLabelText('Projects: write'));
    await user.selectOptions(screen.getByLabelText('Expires'), 'never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(createToken).toHaveBeenCalledWith({
      name: 'Sync',
      rights: { product: ['read', 'write'] },
      expiresInDays: null,
      allowedAddresses: [],
    });
    expect(await screen.findByTestId('token-secret')).toHaveTextContent('vit_secret');
    expect(screen.getByText('Copy it now: you will not see it again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('token-secret')).not.toBeInTheDocument();
  });

  it("puts the API's message beside the field it refused", async () => {
    jest.mocked(createToken).mockRejectedValue(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Another API token has this name',
        errors: { name: 'Another API token has this name' },
      }),
    );
    const user = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Marketplace feed');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findAllByText('Another API token has this name')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByTestId('token-secret')).not.toBeInTheDocument();
  });

  it('revokes a token only once confirmed', async () => {
    jest.mocked(revokeToken).mockResolvedValue(undefined);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Marketplace feed' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the token “Marketplace feed”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(revokeToken).toHaveBeenCalledWith('t1');
  });

  it('renews a token once confirmed, and shows its new secret', async () => {
    jest.mocked(renewToken).mockResolvedValue({ ...listed, token: 'vit_renewed' });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Renew Marketplace feed' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew the token “Marketplace feed”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(renewToken).toHaveBeenCalledWith('t1');
    expect(await screen.findByTestId('token-secret')).toHaveTextContent('vit_renewed');
  });
});
