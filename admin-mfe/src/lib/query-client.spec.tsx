import { unwrap } from '@vitrine/api-client';
import {
  QueryClientProvider,
  queryOptions,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { okResponse, type ClientCall } from '../testing/api';
import { api } from './api-client';
import { listQueryOptions, unwrapList } from './list';
import { createQueryClient } from './query-client';
import type { ListQuery } from './use-list-params';

jest.mock('./api-client', () => ({ api: { GET: jest.fn() } }));
const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

function answer<T>(data: T) {
  return Promise.resolve({ data, response: okResponse });
}

// A list and a record read as every screen reads them (as features/users/api does).
function useUsers(query: ListQuery) {
  return useQuery(
    listQueryOptions(['users', query], (signal) =>
      unwrapList(api.GET('/api/user', { params: { query }, signal })),
    ),
  );
}

function useUser(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['user', id],
      queryFn: ({ signal }) =>
        unwrap(api.GET('/api/user/{id}', { params: { path: { id } }, signal })),
    }),
  );
}

function Users({ page }: { page: number }) {
  const users = useUsers({ page, limit: 20, sort: 'UserName' });
  const names = users.data?.items.map((user) => user.UserName).join(', ');
  return <p data-testid="users">{`${names ?? 'none'}${users.isFetching ? ' (fetching)' : ''}`}</p>;
}

function UserName({ id }: { id: string }) {
  return <p data-testid="user">{useUser(id).data?.UserName ?? 'loading'}</p>;
}

describe("the admin area's query cache", () => {
  let client: QueryClient;
  const renderWith = (element: React.ReactElement) =>
    render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);

  beforeEach(() => {
    jest.clearAllMocks();
    client = createQueryClient();
  });

  it("keeps the previous page's rows while the next page loads", async () => {
    let nextPage: (value: { data: unknown; response: Response }) => void = () => undefined;
    GET.mockReturnValueOnce(answer([{ UserName: 'asha' }])).mockReturnValueOnce(
      new Promise((resolve) => (nextPage = resolve)),
    );
    const { rerender } = renderWith(<Users page={1} />);
    expect(await screen.findByText('asha')).toBeInTheDocument();

    rerender(
      <QueryClientProvider client={client}>
        <Users page={2} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('users')).toHaveTextContent('asha (fetching)');
    await act(async () => nextPage({ data: [{ UserName: 'ravi' }], response: okResponse }));
    expect(await screen.findByText('ravi')).toBeInTheDocument();
  });

  it('asks the server again for a record opened a second time, never showing the old copy', async () => {
    GET.mockReturnValueOnce(answer({ UserName: 'before-save' })).mockReturnValueOnce(
      new Promise(() => undefined),
    );
    const first = renderWith(<UserName id="u1" />);
    expect(await screen.findByText('before-save')).toBeInTheDocument();
    first.unmount();
    // Gone from the cache once no screen shows it (gcTime 0 lets it go on the next tick).
    await waitFor(() =>
      expect(client.getQueryCache().find({ queryKey: ['user', 'u1'] })).toBeUndefined(),
    );

    renderWith(<UserName id="u1" />);
    expect(screen.getByTestId('user')).toHaveTextContent('loading');
    expect(GET).toHaveBeenCalledTimes(2);
  });
});
