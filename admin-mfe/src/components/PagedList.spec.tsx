import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListPage } from '../lib/list';
import { PagedList } from './PagedList';

function renderList(data: ListPage<string> | undefined, error: unknown = null) {
  const setPage = jest.fn();
  render(
    <PagedList
      query={{ data, error, refetch: jest.fn() }}
      what="the gallery"
      empty={<p>The gallery is empty</p>}
      list={{ page: 1, setPage }}
      pageSize={2}
      pagesLabel="Gallery pages"
    >
      {(items) => (
        <ul aria-label="Images">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
  return { setPage };
}

describe('PagedList', () => {
  it('says what is loading until the first answer', () => {
    renderList(undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the gallery…');
  });

  it('says what could not be loaded', () => {
    renderList(undefined, new Error('offline'));
    expect(screen.getByRole('alert')).toHaveTextContent('The gallery could not be loaded');
  });

  it('shows its empty state for a page without items, and no page links', () => {
    renderList({ items: [], total: 0 });
    expect(screen.getByText('The gallery is empty')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Gallery pages' })).not.toBeInTheDocument();
  });

  it('draws the items and moves between pages', async () => {
    const { setPage } = renderList({ items: ['Linen', 'Khadi'], total: 3 });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Linen',
      'Khadi',
    ]);
    const pages = screen.getByRole('navigation', { name: 'Gallery pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });
});
