import type { MediaItem } from '@vitrine/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { imageProblem } from '../../../lib/image-check';
import {
  deleteMediaItem,
  updateMediaItem,
  uploadMediaItem,
  useMediaItems,
  useMediaUsage,
  type MediaQuery,
} from '../../../lib/media-library';
import { queryResult } from '../../../testing/query';
import { apiRefusal, SAMPLE_MEDIA } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { siteLanguagesOf, useSiteLanguages } from '../../../lib/site-languages';
import { MediaLibraryPage } from './MediaLibraryPage';

jest.mock('../../../lib/media-library', () => ({
  useMediaItems: jest.fn(),
  updateMediaItem: jest.fn(),
  uploadMediaItem: jest.fn(),
  deleteMediaItem: jest.fn(),
  useMediaUsage: jest.fn(),
}));
jest.mock('../../../lib/site-languages', () => {
  const actual = jest.requireActual('../../../lib/site-languages');
  return { ...actual, useSiteLanguages: jest.fn(() => actual.siteLanguagesOf(undefined)) };
});
jest.mock('../../../lib/image-check', () => ({
  ...jest.requireActual('../../../lib/image-check'),
  imageProblem: jest.fn(),
}));

const loom: MediaItem = {
  _id: 'm1',
  alt: 'Loom, close up',
  caption: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  pinned: true,
  usedBy: [],
  translationStatus: {},
  media: SAMPLE_MEDIA,
};

const refused = (errors: Record<string, string>) => apiRefusal(400, 'Check the fields', errors);

/** The loom photo in a project's photos and description, and on the home banner. */
const placedLoom: MediaItem = {
  ...loom,
  usedBy: [
    { type: 'product', id: 'p1', name: 'Bay window drapes' },
    { type: 'settings', id: 's1', name: 'Site settings' },
  ],
};
const places = [
  { kind: 'product', id: 'p1', title: 'Bay window drapes', field: 'photos', placedAlt: 'Loom' },
  {
    kind: 'product',
    id: 'p1',
    title: 'Bay window drapes',
    field: 'ProductDescription',
    placedAlt: 'Loom, close up',
  },
  { kind: 'settings', id: 's1', title: 'Site settings', field: 'banner', placedAlt: null },
];

function renderLibrary(shown: MediaItem = loom) {
  const refetch = jest.fn();
  jest
    .mocked(useMediaItems)
    .mockImplementation((_query: MediaQuery) =>
      queryResult({ data: { items: [shown], total: 1 }, refetch }),
    );
  jest.mocked(useMediaUsage).mockImplementation(() => queryResult({ data: places }));
  renderScreen(<MediaLibraryPage />, { url: '/admin/media', path: '/admin/media' });
  return { user: userEvent.setup(), refetch };
}

const item = () => within(screen.getByRole('listitem', { name: 'Loom, close up' }));
const upload = () => within(screen.getByRole('group', { name: 'Upload a new image' }));

describe('the media library', () => {
  beforeEach(() => jest.clearAllMocks());

  it('saves an image’s new words once they change, and shows the API’s refusal beside them', async () => {
    const { user, refetch } = renderLibrary();
    const save = item().getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const caption = item().getByRole('textbox', { name: 'Caption' });
    await user.type(caption, ' Woven in Bhuj ');
    jest
      .mocked(updateMediaItem)
      .mockRejectedValueOnce(refused({ caption: 'Caption must be at most 300 characters' }));
    await user.click(save);
    expect(caption).toHaveAccessibleDescription(/Caption must be at most 300 characters/);
    expect(await screen.findByText(/The image was not saved: Check the fields/)).toBeVisible();

    // Editing the field takes its message away; the next save goes through.
    await user.type(caption, '.');
    expect(caption).not.toHaveAccessibleDescription(/at most 300/);
    jest.mocked(updateMediaItem).mockResolvedValueOnce({ ...loom, caption: 'Woven in Bhuj .' });
    await user.click(save);
    expect(updateMediaItem).toHaveBeenLastCalledWith('m1', {
      alt: 'Loom, close up',
      caption: 'Woven in Bhuj .',
    });
    expect(await screen.findByText('Image saved')).toBeVisible();
    expect(refetch).toHaveBeenCalled();
    // What was saved is the starting point again: nothing left to save.
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('keeps an image without alt text from being saved', async () => {
    const { user } = renderLibrary();
    const alt = item().getByRole('textbox', { name: /^Alt text/ });
    await user.clear(alt);
    await user.click(item().getByRole('button', { name: 'Save' }));
    expect(alt).toHaveAccessibleDescription(/Describe the image for people who cannot see it/);
    expect(updateMediaItem).not.toHaveBeenCalled();
  });

  it('names what an upload lacks, refuses a bad file by name, and uploads with the words trimmed', async () => {
    const { user, refetch } = renderLibrary();
    const file = upload().getByLabelText('Image file');
    await user.click(upload().getByRole('button', { name: 'Upload' }));
    expect(file).toHaveAccessibleDescription(/Choose an image file/);
    expect(upload().getByRole('textbox', { name: /^Alt text/ })).toHaveAccessibleDescription(
      /Describe the image/,
    );

    jest.mocked(imageProblem).mockResolvedValueOnce('The file is too large (12 MB; at most 10 MB)');
    await user.upload(file, new File(['x'], 'huge.jpg', { type: 'image/jpeg' }));
    expect(
      await upload().findByText(
        'huge.jpg: The file is too large (12 MB; at most 10 MB). The file was not added.',
      ),
    ).toBeVisible();

    jest.mocked(imageProblem).mockResolvedValueOnce(null);
    await user.upload(
      upload().getByLabelText('Image file'),
      new File(['x'], 'loom.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() =>
      expect(upload().getByLabelText('Image file')).not.toHaveAccessibleDescription(/huge\.jpg/),
    );
    await user.type(upload().getByRole('textbox', { name: /^Alt text/ }), ' Indigo vat ');
    jest.mocked(uploadMediaItem).mockResolvedValueOnce({ ...loom, _id: 'm2', alt: 'Indigo vat' });
    await user.click(upload().getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(refetch).toHaveBeenCalled());
    const [sent, words] = jest.mocked(uploadMediaItem).mock.calls[0];
    expect(sent.name).toBe('loom.jpg');
    expect(words).toEqual({ alt: 'Indigo vat', caption: '' });
    // Ready for the next image.
    expect(upload().getByRole('textbox', { name: /^Alt text/ })).toHaveValue('');
  });

  it('says why an upload failed and puts the API’s field message beside its field', async () => {
    const { user } = renderLibrary();
    jest.mocked(imageProblem).mockResolvedValueOnce(null);
    await user.upload(
      upload().getByLabelText('Image file'),
      new File(['x'], 'loom.jpg', { type: 'image/jpeg' }),
    );
    await user.type(upload().getByRole('textbox', { name: /^Alt text/ }), 'Loom');
    jest
      .mocked(uploadMediaItem)
      .mockRejectedValueOnce(refused({ alt: 'Alt text must be at most 200 characters' }));
    await user.click(upload().getByRole('button', { name: 'Upload' }));

    expect(await upload().findByText('Check the fields')).toBeVisible();
    expect(upload().getByRole('textbox', { name: /^Alt text/ })).toHaveAccessibleDescription(
      /at most 200 characters/,
    );
    // What was typed stays to correct.
    expect(upload().getByRole('textbox', { name: /^Alt text/ })).toHaveValue('Loom');
  });

  it('names the places of an image in use, links them, and deletes it from them when asked', async () => {
    const { user, refetch } = renderLibrary(placedLoom);
    await user.click(item().getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'This image is in use' }));
    const where = within(dialog.getByRole('list', { name: 'Where the image is used' }));
    expect(where.getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'Project: Bay window drapes (photos, description)',
      'Settings: Site settings (home banner)',
    ]);
    expect(where.getByRole('link', { name: 'Project: Bay window drapes' })).toHaveAttribute(
      'href',
      '/admin/edit-product/p1',
    );
    // A destructive choice: Cancel has the focus first, and cancelling deletes nothing.
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteMediaItem).not.toHaveBeenCalled();

    await user.click(item().getByRole('button', { name: 'Delete' }));
    jest.mocked(deleteMediaItem).mockResolvedValueOnce(undefined);
    await user.click(
      await screen.findByRole('button', { name: 'Remove from these places and delete' }),
    );
    expect(deleteMediaItem).toHaveBeenCalledWith('m1', { detach: true });
    expect(await screen.findByText('Image removed from 2 places and deleted')).toBeVisible();
    expect(refetch).toHaveBeenCalled();
  });

  it('offers to update the alt text where the image is placed, counting the copies only', async () => {
    const { user } = renderLibrary(placedLoom);
    const alt = item().getByRole('textbox', { name: /^Alt text/ });
    expect(item().queryByRole('checkbox')).not.toBeInTheDocument();
    await user.clear(alt);
    await user.type(alt, 'A pit loom in Bhuj');
    // The banner reads the library's alt text: 2 places keep a copy.
    const also = item().getByRole('checkbox', {
      name: 'Also update the alt text where this image is placed (2 places)',
    });
    expect(item().getByText('The home banner takes the new alt text by itself.')).toBeVisible();
    await user.click(also);
    jest
      .mocked(updateMediaItem)
      .mockResolvedValueOnce({ ...placedLoom, alt: 'A pit loom in Bhuj' });
    await user.click(item().getByRole('button', { name: 'Save' }));
    expect(updateMediaItem).toHaveBeenCalledWith('m1', {
      alt: 'A pit loom in Bhuj',
      caption: '',
      updatePlaced: true,
    });
    expect(await screen.findByText('Image saved; alt text updated in 2 places')).toBeVisible();
  });
});

describe('an image’s alt text in another language', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows the English alt text beside the Hindi one and saves only the Hindi one', async () => {
    jest.mocked(useSiteLanguages).mockReturnValue(siteLanguagesOf({ languages: ['en', 'hi'] }));
    jest.mocked(updateMediaItem).mockResolvedValue(loom);
    const { user, refetch } = renderLibrary({
      ...loom,
      translations: { hi: { alt: 'करघा' } },
    } as MediaItem);
    await user.click(screen.getByRole('radio', { name: /^Hindi/ }));
    expect(item().getByText('Loom, close up', { selector: 'p' })).toHaveAttribute('lang', 'en');
    const hindi = item().getByRole('textbox', { name: 'Alt text (Hindi)' });
    expect(hindi).toHaveValue('करघा');
    expect(hindi).toHaveAttribute('lang', 'hi');
    // The caption is the library's own, in one language.
    expect(item().queryByRole('textbox', { name: 'Caption' })).not.toBeInTheDocument();
    await user.type(hindi, ', पास से');
    await user.click(item().getByRole('button', { name: 'Save Alt text (Hindi)' }));
    await waitFor(() =>
      expect(updateMediaItem).toHaveBeenCalledWith('m1', {
        translations: { hi: { alt: 'करघा, पास से' } },
      }),
    );
    expect(refetch).toHaveBeenCalled();
  });
});

describe('the images still missing a translation', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows each image’s status and lists only those missing Hindi when filtered', async () => {
    jest.mocked(useSiteLanguages).mockReturnValue(siteLanguagesOf({ languages: ['en', 'hi'] }));
    const untranslated: MediaItem = { ...loom, translationStatus: { hi: ['alt'] } };
    const translated = {
      ...loom,
      _id: 'm2',
      alt: 'Dyed yarn',
      translations: { hi: { alt: 'रंगा हुआ धागा' } },
      translationStatus: { hi: [] },
    } as MediaItem;
    jest.mocked(useMediaItems).mockImplementation((query: MediaQuery) =>
      queryResult({
        data:
          query.missing === 'hi'
            ? { items: [untranslated], total: 1 }
            : { items: [untranslated, translated], total: 2 },
      }),
    );
    jest.mocked(useMediaUsage).mockImplementation(() => queryResult({ data: [] }));
    renderScreen(<MediaLibraryPage />, { url: '/admin/media', path: '/admin/media' });
    const user = userEvent.setup();

    const card = (name: string) => within(screen.getByRole('listitem', { name }));
    expect(card('Loom, close up').getByText('Hindi: 1 missing')).toBeInTheDocument();
    expect(card('Dyed yarn').getByText('Hindi: translated')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Translation' }), 'hi');
    expect(useMediaItems).toHaveBeenLastCalledWith(
      expect.objectContaining({ missing: 'hi', page: 1 }),
      true,
    );
    expect(screen.getByRole('listitem', { name: 'Loom, close up' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Dyed yarn' })).not.toBeInTheDocument();
  });
});
