import { ApiError } from '@vitrine/api-client';
import { act, render, screen } from '@testing-library/react';
import { clearQueryCache, useQuery } from './use-query';

function Probe({
  id,
  fetcher,
}: {
  id: string | null;
  fetcher: (signal: AbortSignal) => Promise<string>;
}) {
  const query = useQuery(id, fetcher);
  return (
    <>
      <p data-testid="state">
        {query.loading
          ? 'loading'
          : query.error
            ? `error ${query.error.status}`
            : `data ${query.data}`}
      </p>
      <button onClick={query.refetch}>Retry</button>
    </>
  );
}

describe('useQuery', () => {
  beforeEach(() => clearQueryCache());

  it('goes from loading to data', async () => {
    render(<Probe id="a" fetcher={() => Promise.resolve('hello')} />);
    expect(screen.getByTestId('state')).toHaveTextContent('loading');
    expect(await screen.findByText('data hello')).toBeInTheDocument();
  });

  it('reports an API error and fetches again on refetch', async () => {
    const fetcher = jest
      .fn<Promise<string>, [AbortSignal]>()
      .mockRejectedValueOnce(new ApiError(503, undefined))
      .mockResolvedValueOnce('back');
    render(<Probe id="b" fetcher={fetcher} />);
    expect(await screen.findByText('error 503')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('data back')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('aborts the request when the component goes away', () => {
    let signal: AbortSignal | undefined;
    const { unmount } = render(
      <Probe
        id="c"
        fetcher={(s) => {
          signal = s;
          return new Promise(() => undefined);
        }}
      />,
    );
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('waits while the key is null', () => {
    const fetcher = jest.fn(() => Promise.resolve('x'));
    render(<Probe id={null} fetcher={fetcher} />);
    expect(fetcher).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('data');
  });

  it('shows a cached answer at once when a page comes back', async () => {
    const first = render(<Probe id="d" fetcher={() => Promise.resolve('first')} />);
    await screen.findByText('data first');
    first.unmount();

    render(<Probe id="d" fetcher={() => new Promise(() => undefined)} />);
    expect(screen.getByTestId('state')).toHaveTextContent('data first');
  });
});
