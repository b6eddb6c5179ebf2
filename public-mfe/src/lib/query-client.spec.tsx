import { ApiError } from '@vitrine/api-client';
import {
  dehydrate,
  QueryClient as Client,
  QueryClientProvider,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createQueryClient, hydrateFromServer } from './query-client';

/** What a server render carries when it read `data` for `['probe', id]`. */
function renderedWith(id: string, data: string) {
  const server = new Client();
  server.setQueryData(['probe', id], data);
  return dehydrate(server);
}

function Probe({
  id,
  fetcher,
}: {
  id: string | null;
  fetcher: (signal: AbortSignal) => Promise<string>;
}) {
  const query = useQuery({
    queryKey: ['probe', id],
    queryFn: ({ signal }) => fetcher(signal),
    enabled: id !== null,
  });
  return (
    <>
      <p data-testid="state">
        {query.isLoading
          ? 'loading'
          : query.error
            ? `error ${query.error.status}`
            : `data ${query.data}`}
      </p>
      <button onClick={() => void query.refetch()}>Retry</button>
    </>
  );
}

describe("the public site's query cache", () => {
  let client: QueryClient;
  const renderProbe = (props: Parameters<typeof Probe>[0]) =>
    render(
      <QueryClientProvider client={client}>
        <Probe {...props} />
      </QueryClientProvider>,
    );

  beforeEach(() => {
    client = createQueryClient();
  });

  it('goes from loading to data', async () => {
    renderProbe({ id: 'a', fetcher: () => Promise.resolve('hello') });
    expect(screen.getByTestId('state')).toHaveTextContent('loading');
    expect(await screen.findByText('data hello')).toBeInTheDocument();
  });

  it('shows an API error at once (no silent retries) and fetches again on refetch', async () => {
    const fetcher = jest
      .fn<Promise<string>, [AbortSignal]>()
      .mockRejectedValueOnce(new ApiError(503, undefined))
      .mockResolvedValueOnce('back');
    renderProbe({ id: 'b', fetcher });
    expect(await screen.findByText('error 503')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('data back')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks the server even when the browser says it is offline', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderProbe({ id: 'offline', fetcher: () => Promise.reject(new ApiError(0, undefined)) });
      expect(await screen.findByText('error 0')).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('aborts the request when the component goes away', async () => {
    let signal: AbortSignal | undefined;
    const { unmount } = renderProbe({
      id: 'c',
      fetcher: (s) => {
        signal = s;
        return new Promise(() => undefined);
      },
    });
    await act(() => Promise.resolve());
    expect(signal?.aborted).toBe(false);
    unmount();
    await act(() => Promise.resolve());
    expect(signal?.aborted).toBe(true);
  });

  it('waits while the key is null', () => {
    const fetcher = jest.fn(() => Promise.resolve('x'));
    renderProbe({ id: null, fetcher });
    expect(fetcher).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('data');
  });

  it('shows a cached answer at once when a page comes back', async () => {
    const first = renderProbe({ id: 'd', fetcher: () => Promise.resolve('first') });
    await screen.findByText('data first');
    first.unmount();

    renderProbe({ id: 'd', fetcher: () => new Promise(() => undefined) });
    expect(screen.getByTestId('state')).toHaveTextContent('data first');
  });

  it('asks the API again for none of the answers the server rendered the page with', async () => {
    hydrateFromServer(client, renderedWith('e', 'from the server'));
    const fetcher = jest.fn(() => Promise.resolve('asked again'));
    renderProbe({ id: 'e', fetcher });
    expect(screen.getByTestId('state')).toHaveTextContent('data from the server');
    await act(() => Promise.resolve());
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('counts them fresh only in the cache that adopted them', async () => {
    hydrateFromServer(createQueryClient(), renderedWith('f', 'from the server'));
    client.setQueryData(['probe', 'f'], 'kept');
    const fetcher = jest.fn(() => Promise.resolve('asked'));
    renderProbe({ id: 'f', fetcher });
    expect(await screen.findByText('data asked')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
