import type { GalleryImage } from '@vitrine/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { apiRefusal, SAMPLE_MEDIA } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { updateGalleryImage } from '../api/update-gallery-image';
import { GalleryItem } from './GalleryItem';

jest.mock('../api/update-gallery-image', () => ({ updateGalleryImage: jest.fn() }));

const loom: GalleryImage = {
  _id: 'g1',
  alt: 'Loom',
  image: 'abc.webp',
  order: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  media: SAMPLE_MEDIA,
};

/** One item as the gallery page shows it; "Reload" stands in for the server's newer alt text. */
function Gallery({ initial, onSaved }: { initial: GalleryImage; onSaved(): void }) {
  const [image, setImage] = useState(initial);
  const noop = jest.fn();
  return (
    <>
      <button type="button" onClick={() => setImage({ ...image, alt: 'Loom, after a reload' })}>
        Reload
      </button>
      <ul>
        <GalleryItem
          image={image}
          total={1}
          canReorder={false}
          busy={false}
          dragging={false}
          dropTarget={false}
          onMove={noop}
          onSaved={onSaved}
          onDelete={noop}
          onDragStart={noop}
          onDragEnd={noop}
          onDragOver={noop}
          onDrop={noop}
        />
      </ul>
    </>
  );
}

function renderItem(image: GalleryImage, onSaved = jest.fn()) {
  renderScreen(<Gallery initial={image} onSaved={onSaved} />, {
    url: '/admin/gallery',
    path: '/admin/gallery',
  });
  return userEvent.setup();
}

const altField = () => screen.getByRole('textbox', { name: 'Alt text, image 1' });
const saveButton = () => screen.queryByRole('button', { name: 'Save the alt text of image 1' });

describe('a gallery image’s alt text', () => {
  beforeEach(() => jest.clearAllMocks());

  it('offers Save only for a real change and refuses an empty one', async () => {
    const user = renderItem(loom);
    expect(saveButton()).toBeNull();
    await user.type(altField(), '  ');
    expect(saveButton()).toBeNull();
    await user.clear(altField());
    await user.click(saveButton()!);
    expect(altField()).toHaveAccessibleDescription(
      'Describe the image for people who cannot see it',
    );
    expect(updateGalleryImage).not.toHaveBeenCalled();
  });

  it('says why a save failed until the next edit, then saves the words trimmed', async () => {
    const onSaved = jest.fn();
    const user = renderItem(loom, onSaved);
    await user.type(altField(), ', close up ');
    jest.mocked(updateGalleryImage).mockRejectedValueOnce(apiRefusal(400, 'Check the alt text'));
    await user.click(saveButton()!);
    expect(altField()).toHaveAccessibleDescription('Check the alt text');
    expect(await screen.findByText(/The alt text was not saved: Check the alt text/)).toBeVisible();

    await user.type(altField(), '.');
    expect(altField()).not.toHaveAccessibleDescription('Check the alt text');
    jest.mocked(updateGalleryImage).mockResolvedValueOnce({ ...loom, alt: 'Loom, close up .' });
    await user.click(saveButton()!);
    expect(updateGalleryImage).toHaveBeenLastCalledWith('g1', { alt: 'Loom, close up .' });
    expect(await screen.findByText('Alt text saved')).toBeVisible();
    expect(onSaved).toHaveBeenCalled();
  });

  it('follows a new alt text from the server', async () => {
    const user = renderItem(loom);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(altField()).toHaveValue('Loom, after a reload'));
    expect(saveButton()).toBeNull();
  });
});

describe('a gallery image’s alt text in another language', () => {
  beforeEach(() => jest.clearAllMocks());

  function renderTranslation(image: GalleryImage & Record<string, unknown>) {
    const noop = jest.fn();
    renderScreen(
      <ul>
        <GalleryItem
          image={image}
          language="hi"
          defaultLanguage="en"
          otherLanguages={['hi']}
          total={1}
          canReorder={false}
          busy={false}
          dragging={false}
          dropTarget={false}
          onMove={noop}
          onSaved={noop}
          onDelete={noop}
          onDragStart={noop}
          onDragEnd={noop}
          onDragOver={noop}
          onDrop={noop}
        />
      </ul>,
      { url: '/admin/gallery', path: '/admin/gallery' },
    );
    return userEvent.setup();
  }

  it('shows the English alt text above the Hindi one and saves only the Hindi one', async () => {
    jest.mocked(updateGalleryImage).mockResolvedValue(loom);
    const user = renderTranslation({ ...loom, translationStatus: { hi: ['alt'] } });
    expect(screen.getByText('Loom')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Hindi: 1 missing')).toHaveTextContent('(Alt text)');
    const hindi = screen.getByRole('textbox', { name: 'Alt text, image 1 (Hindi)' });
    expect(hindi).toHaveAttribute('lang', 'hi');
    await user.type(hindi, ' करघा ');
    await user.click(screen.getByRole('button', { name: 'Save the Hindi alt text of image 1' }));
    await waitFor(() =>
      expect(updateGalleryImage).toHaveBeenCalledWith('g1', {
        translations: { hi: { alt: 'करघा' } },
      }),
    );
  });

  it('starts from the saved translation, which may be emptied (visitors then read the English)', async () => {
    jest.mocked(updateGalleryImage).mockResolvedValue(loom);
    const user = renderTranslation({ ...loom, translations: { hi: { alt: 'करघा' } } });
    const hindi = screen.getByRole('textbox', { name: 'Alt text, image 1 (Hindi)' });
    expect(hindi).toHaveValue('करघा');
    await user.clear(hindi);
    await user.click(screen.getByRole('button', { name: 'Save the Hindi alt text of image 1' }));
    await waitFor(() =>
      expect(updateGalleryImage).toHaveBeenCalledWith('g1', { translations: { hi: { alt: '' } } }),
    );
  });
});
