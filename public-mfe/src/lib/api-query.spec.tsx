import { ApiError, type ApiClient, type ApiResult } from '@vitrine/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiContext } from './api-client';
import { itemBySlugQuery } from './api-query';
import { createQueryClient } from './query-client';

const api = {} as ApiClient;

/** What the typed client resolves to for an answer with this status and body. */
function answered<T>(status: number, body: T): Promise<ApiResult<T>> {
  const ok = status < 400;
  return Promise.resolve({
    data: ok ? body : undefined,
    error: ok ? undefined : body,
    response: { ok, status, headers: new Headers() } as Response,
  });
}

function setup(status: number, body: { slug: string } | object) {
  const read = jest.fn((_api: ApiClient, _signal: AbortSignal, _slug: string) =>
    answered(status, body),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </QueryClientProvider>
  );
  return { read, client, wrapper, item: itemBySlugQuery('thing', read) };
}

describe('an API read made with apiQuery', () => {
  it('gives a loader the key and the call its page reads, and the answer unwrapped', async () => {
    const { read, client, wrapper, item } = setup(200, { slug: 'sage-linen' });
    const options = item.options(api, 'sage-linen');
    expect(options.queryKey).toEqual(['thing', 'sage-linen']);
    await expect(client.fetchQuery(options)).resolves.toEqual({ slug: 'sage-linen' });
    expect(read).toHaveBeenCalledWith(api, expect.any(AbortSignal), 'sage-linen');

    // The page's hook draws at once from the loader's answer, under the same key.
    const { result } = renderHook(() => item.useItem('sage-linen'), { wrapper });
    expect(result.current.data).toEqual({ slug: 'sage-linen' });
  });

  it('rejects with an ApiError carrying the status the API answered', async () => {
    const { client, item } = setup(404, { statusCode: 404, error: 'Not Found', message: 'No' });
    const failure = client.fetchQuery(item.options(api, 'gone'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('asks nothing while the slug is not known, and asks once it is', async () => {
    const { read, wrapper, item } = setup(200, { slug: 'flax' });
    const { result, rerender } = renderHook(
      ({ slug }: { slug: string | null }) => item.useItem(slug),
      { wrapper, initialProps: { slug: null as string | null } },
    );
    expect(result.current.fetchStatus).toBe('idle');
    expect(read).not.toHaveBeenCalled();

    rerender({ slug: 'flax' });
    await waitFor(() => expect(result.current.data).toEqual({ slug: 'flax' }));
    expect(read).toHaveBeenCalledWith(api, expect.any(AbortSignal), 'flax');
  });
});
