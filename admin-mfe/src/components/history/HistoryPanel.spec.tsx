import type { Media, Revision } from '@vitrine/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../lib/api-client';
import { okResponse, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { HistoryPanel } from './HistoryPanel';

jest.mock('../../lib/api-client', () => ({ api: { GET: jest.fn(), POST: jest.fn() } }));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

const media = (id: string): Media => ({
  id,
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,UklGRlYAAABXRUJQ',
  variants: [
    { url: `/uploads/${id}-320.webp`, width: 320 },
    { url: `/uploads/${id}-1280.webp`, width: 1280 },
  ],
});
const photo = (id: string, alt: string) => ({ mediaId: id, alt, media: media(id) });
const ids = { a: 'a'.repeat(20), b: 'b'.repeat(20), c: 'c'.repeat(20) };

const revision: Revision = {
  _id: '665f1c2e8b3e4a00123456bb',
  at: '2026-11-22T10:00:00.000Z',
  by: { id: 'admin-id', UserName: 'admin' },
  restoredFrom: null,
  changes: [
    { field: 'ProductHeading', before: 'Hand-spun', after: 'Hand-spun indigo' },
    {
      field: 'ProductDescription',
      before: '<p>Spun by <strong>hand</strong> in Bengal.</p>',
      after: '<p>Spun by <strong>hand</strong> in Jaipur.</p>',
    },
    { field: 'ProductImage', before: `${ids.a}-1280.webp`, after: `${ids.c}-1280.webp` },
    {
      field: 'photos',
      before: [photo(ids.a, 'Khadi on the loom'), photo(ids.b, 'Indigo vat')],
      after: [photo(ids.c, 'Bolts of khadi'), photo(ids.a, 'Khadi on the loom, close up')],
    },
    { field: 'extras', before: { nested: { deep: 1 } }, after: { nested: { deep: 2 } } },
  ],
};

async function openHistory(shown = revision, settings = false) {
  GET.mockResolvedValue({ data: [shown], response: okResponse });
  renderScreen(
    <HistoryPanel
      target={settings ? { entity: 'settings' } : { entity: 'product', id: 'p1' }}
      what={settings ? 'settings' : 'project'}
      itemKey={settings ? ['settings'] : ['product', 'p1']}
      labels={
        settings
          ? { banner: 'Home banner', offers: 'Offers' }
          : { ProductDescription: 'Description' }
      }
      onRestored={jest.fn()}
    />,
    { url: '/admin/edit-product/p1', path: '/admin/edit-product/:id' },
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Show history' }));
  return screen.findByRole('table', { name: /^Fields changed on / });
}

const rowOf = (table: HTMLElement, field: string) =>
  within(table).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;

describe('the History panel', () => {
  it('shows a plain field before and after, and rich text as words struck and added', async () => {
    const table = await openHistory();
    expect(rowOf(table, 'Heading').textContent).toBe(
      'HeadingBefore: Hand-spun→After: Hand-spun indigo',
    );
    const description = rowOf(table, 'Description');
    expect(description.querySelector('del')?.textContent).toBe('Bengal.');
    expect(description.querySelector('ins')?.textContent).toBe('Jaipur.');
    expect(description.textContent).not.toMatch(/<|strong/);
  });

  it('shows photos as thumbnails with what happened to each, never their addresses or ids', async () => {
    const table = await openHistory();
    const photos = within(rowOf(table, 'Photos')).getAllByRole('listitem');
    expect(photos.map((item) => item.textContent)).toEqual([
      'Added · New cover',
      'Alt text changedBefore: Khadi on the loom→After: Khadi on the loom, close up',
      'Removed',
    ]);
    const cover = within(photos[0]).getByRole('img', { name: 'Bolts of khadi' });
    // The smallest variant: a thumbnail needs no more.
    expect(cover.getAttribute('srcset')).toContain(`/uploads/${ids.c}-320.webp 320w`);
    within(photos[2]).getByRole('img', { name: 'Indigo vat' });

    // The cover's file name repeats the photos: no row of its own.
    expect(within(table).queryByRole('rowheader', { name: 'Image' })).toBeNull();
    expect(rowOf(table, 'Extras').textContent).toBe('ExtrasChanged');
    const text = table.textContent ?? '';
    expect(text).not.toMatch(/\{"|\.webp|[0-9a-f]{20}|base64/);
  });

  it('shows a new banner as its image before and after, and a list as its items in words', async () => {
    const banner = (id: string, alt: string) => ({
      mediaId: id,
      alt,
      media: media(id),
      videoUrl: '',
    });
    const table = await openHistory(
      {
        ...revision,
        changes: [
          {
            field: 'banner',
            before: banner(ids.a, 'Looms at dawn'),
            after: banner(ids.b, 'Dyers at the vat'),
          },
          {
            field: 'offers',
            before: [{ title: 'Monsoon sale', text: '25% off linen' }],
            after: [{ title: 'Monsoon sale', text: '30% off linen', startsAt: null }],
          },
        ],
      },
      true,
    );
    const images = within(rowOf(table, 'Home banner')).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Looms at dawn',
      'Dyers at the vat',
    ]);
    expect(rowOf(table, 'Offers').textContent).toBe(
      'OffersBefore: Title: Monsoon sale, Text: 25% off linen→After: Title: Monsoon sale, Text: 30% off linen',
    );
    expect(table.textContent).not.toMatch(/\{"|\.webp|[0-9a-f]{20}|mediaId/);
  });
});
