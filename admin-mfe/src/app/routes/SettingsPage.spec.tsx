import { ApiError, type MediaItem, type SiteSettings } from '@vitrine/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMediaItems } from '../../lib/media-library';
import { renderScreen } from '../../testing/render';
import { queryResult } from '../../testing/query';
import { useSettings } from '../../features/settings/api/get-settings';
import { updateSettings } from '../../features/settings/api/update-settings';
import { SettingsPage } from './SettingsPage';

jest.mock('../../features/settings/api/get-settings', () => ({
  useSettings: jest.fn(),
  getSettings: jest.fn(),
  settingsQueryOptions: () => ({ queryKey: ['settings'] }),
}));
jest.mock('../../features/settings/api/update-settings', () => ({ updateSettings: jest.fn() }));
jest.mock('../../lib/media-library', () => ({
  ...jest.requireActual('../../lib/media-library'),
  useMediaItems: jest.fn(),
}));

const imageOf = (id: string) => ({
  id,
  variants: [{ width: 640, url: `/uploads/${id}-640.webp` }],
  width: 640,
  height: 360,
  placeholder: '',
});
const libraryItem = (id: string, alt: string) =>
  ({ _id: id, alt, caption: '', media: imageOf(id), usedBy: [] }) as unknown as MediaItem;
const indigo = libraryItem('aaaaaaaaaaaaaaaaaaaa', 'Indigo prints drying in the sun');
const loom = libraryItem('bbbbbbbbbbbbbbbbbbbb', 'The loom at work');

const settings: SiteSettings = {
  companyName: 'Vitrine Textiles & Design Studio',
  tagline: 'Handloom fabrics',
  description: 'We weave and design.',
  address: 'Plot 14\nJaipur',
  email: 'hello@vitrine.example',
  phone: '+91 141 400 2002',
  taxLine: 'GSTIN 08ABCDE1234F1Z5',
  chatLink: '',
  whatsapp: '',
  social: [
    { label: 'Instagram', url: 'https://www.instagram.com/vitrine.studio' },
    { label: 'Facebook', url: 'https://www.facebook.com/vitrine.studio' },
  ],
  figures: [{ label: 'Incorporated', value: '2002' }],
  offers: [{ title: '20% + 10% off', text: 'On every fabric' }],
  servicesOffer: '',
  story: '',
  journey: '',
  about: '',
  heroTitle: '',
  heroSubtitle: '',
  banner: null,
  languages: ['en'],
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function setup(saved: SiteSettings = settings) {
  jest.mocked(useSettings).mockReturnValue(
    queryResult({
      data: saved,
    }),
  );
  jest
    .mocked(useMediaItems)
    .mockReturnValue(queryResult({ data: { items: [indigo, loom], total: 2 } }));
  renderScreen(<SettingsPage />, { url: '/admin/settings', path: '/admin/settings' });
  return userEvent.setup();
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('the site settings form', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows nested server errors beside their fields, such as social.1.url', async () => {
    jest.mocked(updateSettings).mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: '2 fields are not valid',
        errors: {
          'social.1.url': 'URL must be a web address starting with http:// or https://',
          'figures.0.value': 'Value must be at most 30 characters',
        },
      }),
    );
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const url = field(/Social link 2: URL/);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(
      'URL must be a web address starting with http:// or https://',
    );
    expect(field(/Social link 1: URL/)).not.toHaveAttribute('aria-invalid');
    expect(field(/Figure 1: Value/)).toHaveAccessibleDescription(
      'Value must be at most 30 characters',
    );
    // The summary links each message to its field.
    expect(
      screen.getByRole('link', {
        name: 'Social link 2, url: URL must be a web address starting with http:// or https://',
      }),
    ).toHaveAttribute('href', `#${url.id}`);
  });

  it('checks e-mail, web addresses and required fields before sending', async () => {
    const user = setup();
    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'not-an-address');
    await user.clear(field(/Company name/));
    await user.click(screen.getByRole('button', { name: 'Add social link' }));
    await user.type(field(/Social link 3: Label/), 'Pinterest');
    await user.type(field(/Social link 3: URL/), 'ftp://files.example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(updateSettings).not.toHaveBeenCalled();
    expect(field(/Email/)).toHaveAccessibleDescription(/e-mail address like/);
    expect(field(/Company name/)).toHaveAccessibleDescription('Company name is required');
    expect(field(/Social link 3: URL/)).toHaveAccessibleDescription(
      'Enter a web address starting with https://',
    );
  });

  it('adds and removes rows and sends the whole profile', async () => {
    jest.mocked(updateSettings).mockResolvedValue(settings);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Remove social link 1' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(updateSettings).toHaveBeenCalledWith(
      expect.objectContaining({
        companyName: 'Vitrine Textiles & Design Studio',
        social: [{ label: 'Facebook', url: 'https://www.facebook.com/vitrine.studio' }],
        figures: [{ label: 'Incorporated', value: '2002' }],
        offers: [{ title: '20% + 10% off', text: 'On every fabric', startsAt: null, endsAt: null }],
      }),
    );
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  describe('the home banner', () => {
    const section = () => screen.getByRole('region', { name: 'Home banner' });
    const save = () => screen.getByRole('button', { name: 'Save settings' });

    it('says the default banner shows until an image is chosen, then sends the chosen one with its video', async () => {
      jest.mocked(updateSettings).mockResolvedValue(settings);
      const user = setup();
      expect(within(section()).getByText(/No banner chosen/)).toBeInTheDocument();
      expect(within(section()).queryByRole('textbox')).not.toBeInTheDocument();

      await user.click(within(section()).getByRole('button', { name: 'Choose image' }));
      const picker = screen.getByRole('dialog', { name: 'Choose the home banner' });
      await user.click(within(picker).getByRole('button', { name: /The loom at work/ }));
      await user.click(within(picker).getByRole('button', { name: 'Use this image' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(section()).toHaveTextContent('Alt text (from the media library): The loom at work');
      await user.type(
        within(section()).getByRole('textbox', { name: /Video over the image/ }),
        'https://cdn.vitrine.example/loom.webm',
      );
      await user.click(save());

      expect(updateSettings).toHaveBeenCalledWith(
        expect.objectContaining({
          banner: { mediaId: loom._id, videoUrl: 'https://cdn.vitrine.example/loom.webm' },
        }),
      );
    });

    it('replaces and removes a chosen banner, which sends none', async () => {
      jest.mocked(updateSettings).mockResolvedValue(settings);
      const user = setup({
        ...settings,
        banner: { mediaId: indigo._id, alt: indigo.alt, media: indigo.media, videoUrl: '' },
      });
      expect(section()).toHaveTextContent(indigo.alt);
      await user.click(within(section()).getByRole('button', { name: 'Replace image' }));
      const picker = screen.getByRole('dialog', { name: 'Choose the home banner' });
      await user.click(within(picker).getByRole('button', { name: /The loom at work/ }));
      await user.click(within(picker).getByRole('button', { name: 'Use this image' }));
      expect(section()).toHaveTextContent(loom.alt);

      await user.click(within(section()).getByRole('button', { name: 'Remove banner' }));
      expect(within(section()).getByText(/No banner chosen/)).toBeInTheDocument();
      await user.click(save());
      expect(updateSettings).toHaveBeenCalledWith(expect.objectContaining({ banner: null }));
    });

    it('refuses a video address that is not a video file before sending, and shows the API’s error on the image', async () => {
      const user = setup({
        ...settings,
        banner: { mediaId: indigo._id, alt: indigo.alt, media: indigo.media, videoUrl: '' },
      });
      const video = within(section()).getByRole('textbox', { name: /Video over the image/ });
      await user.type(video, 'https://www.youtube.com/watch?v=abc');
      await user.click(save());
      expect(updateSettings).not.toHaveBeenCalled();
      expect(video).toHaveAccessibleDescription(/Enter the address of an .mp4 or .webm file/);

      jest.mocked(updateSettings).mockRejectedValue(
        new ApiError(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'This image is not in the media library',
          errors: { 'banner.mediaId': 'This image is not in the media library' },
        }),
      );
      await user.clear(video);
      await user.click(save());
      const replace = within(section()).getByRole('button', { name: 'Replace image' });
      expect(replace).toHaveAccessibleDescription('This image is not in the media library');
      expect(
        screen.getByRole('link', {
          name: 'Home banner image: This image is not in the media library',
        }),
      ).toHaveAttribute('href', `#${replace.id}`);
    });
  });

  describe('the languages', () => {
    const section = () => screen.getByRole('region', { name: 'Languages' });
    const save = () => screen.getByRole('button', { name: 'Save settings' });

    it('lists the default first and marked, adds one from the list and removes one after asking', async () => {
      jest.mocked(updateSettings).mockResolvedValue({ ...settings, languages: ['en', 'mr'] });
      const user = setup({ ...settings, languages: ['en', 'hi'] } as SiteSettings);
      const rows = within(section()).getAllByRole('listitem');
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringMatching(/^English.*Default$/),
        expect.stringMatching(/^Hindi हिन्दी · hi/),
      ]);
      // The default has no remove button: the site always keeps one language.
      expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
      expect(section()).toHaveTextContent(/English is the default language/);

      await user.selectOptions(
        within(section()).getByRole('combobox', { name: 'Add a language' }),
        'mr',
      );
      await user.click(within(section()).getByRole('button', { name: 'Add language' }));
      expect(within(section()).getAllByRole('listitem')[2]).toHaveTextContent(
        /Marathi.*Not saved yet/,
      );

      await user.click(within(section()).getByRole('button', { name: 'Remove Hindi' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Hindi from the site?' });
      expect(dialog).toHaveTextContent(/Its translations are kept/);
      await user.click(within(dialog).getByRole('button', { name: 'Remove Hindi' }));
      await user.click(save());

      expect(updateSettings).toHaveBeenCalledWith(
        expect.objectContaining({ languages: ['en', 'mr'] }),
      );
      expect(await screen.findByText('Settings saved')).toBeInTheDocument();
      expect(within(section()).queryByText('Not saved yet')).not.toBeInTheDocument();
    });

    it('makes another language the default after asking, and shows a refusal inline', async () => {
      const bilingual = { ...settings, languages: ['en', 'hi'] } as SiteSettings;
      jest.mocked(updateSettings).mockRejectedValueOnce(
        new ApiError(409, {
          statusCode: 409,
          error: 'Conflict',
          message: '“नीला रेशम” and “Neela” would both be at /neela in Hindi',
          errors: { languages: '“नीला रेशम” and “Neela” would both be at /neela in Hindi' },
        }),
      );
      const user = setup(bilingual);
      await user.click(within(section()).getByRole('button', { name: 'Make default: Hindi' }));
      const dialog = screen.getByRole('dialog', { name: 'Make Hindi the default language?' });
      expect(dialog).toHaveTextContent(/Items without a Hindi translation keep their English text/);
      await user.click(within(dialog).getByRole('button', { name: 'Make Hindi the default' }));
      expect(within(section()).getAllByRole('listitem')[0]).toHaveTextContent(/^Hindi.*Default$/);
      await user.click(save());
      expect(updateSettings).toHaveBeenLastCalledWith(
        expect.objectContaining({ languages: ['hi', 'en'] }),
      );
      expect(
        within(section()).getByRole('combobox', { name: 'Add a language' }),
      ).toHaveAccessibleDescription(/would both be at \/neela in Hindi/);

      jest.mocked(updateSettings).mockResolvedValueOnce({ ...bilingual, languages: ['hi', 'en'] });
      await user.click(save());
      expect(
        await screen.findByText('Settings saved: Hindi is the default language'),
      ).toBeInTheDocument();
    });

    it('keeps a language whose removal was cancelled, on a site in English alone', async () => {
      jest.mocked(updateSettings).mockResolvedValue(settings);
      const user = setup();
      expect(within(section()).getAllByRole('listitem')).toHaveLength(1);
      await user.selectOptions(
        within(section()).getByRole('combobox', { name: 'Add a language' }),
        'hi',
      );
      await user.click(within(section()).getByRole('button', { name: 'Add language' }));
      await user.click(within(section()).getByRole('button', { name: 'Remove Hindi' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await user.click(save());
      expect(updateSettings).toHaveBeenCalledWith(
        expect.objectContaining({ languages: ['en', 'hi'] }),
      );
    });
  });

  describe('the texts in another language', () => {
    const bilingual = {
      ...settings,
      languages: ['en', 'hi'],
      figures: [
        { label: 'Incorporated', value: '2002' },
        { label: 'Weavers', value: '40' },
      ],
      translations: {
        hi: { tagline: 'हथकरघा कपड़े', figures: [{ label: 'स्थापना' }, { label: 'बुनकर' }] },
      },
    } as SiteSettings;

    it('edits them beside the English ones and saves them with the settings', async () => {
      jest.mocked(updateSettings).mockResolvedValue(bilingual);
      const user = setup(bilingual);
      await user.click(screen.getByRole('radio', { name: /^Hindi/ }));
      const region = screen.getByRole('region', { name: 'Hindi translation' });
      expect(within(region).getByText('Handloom fabrics')).toHaveAttribute('lang', 'en');
      expect(field('Tagline (Hindi)')).toHaveValue('हथकरघा कपड़े');
      expect(field('Tagline (Hindi)')).toHaveAttribute('lang', 'hi');
      // What is the same in every language is not offered again.
      expect(screen.queryByRole('textbox', { name: /^Email/ })).not.toBeInTheDocument();
      await user.type(field('Description (Hindi)'), 'हम बुनते हैं।');
      await user.type(field('Offer 1: Title (Hindi)'), '20% + 10% छूट');

      // Back in English, the first figure is removed: its translation goes with it.
      await user.click(screen.getByRole('radio', { name: /^English/ }));
      await user.click(screen.getByRole('button', { name: 'Remove figure 1' }));
      await user.click(screen.getByRole('button', { name: 'Save settings' }));

      expect(updateSettings).toHaveBeenCalledWith(
        expect.objectContaining({
          languages: ['en', 'hi'],
          figures: [{ label: 'Weavers', value: '40' }],
          translations: {
            hi: expect.objectContaining({
              tagline: 'हथकरघा कपड़े',
              description: 'हम बुनते हैं।',
              address: '',
              figures: [{ label: 'बुनकर' }],
              offers: [{ title: '20% + 10% छूट', text: '' }],
            }),
          },
        }),
      );
    });

    it('shows a refused translation beside its field in its language', async () => {
      jest.mocked(updateSettings).mockRejectedValue(
        new ApiError(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: '1 field is not valid',
          errors: { 'translations.hi.tagline': 'Tagline (Hindi) must be at most 200 characters' },
        }),
      );
      const user = setup(bilingual);
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(await screen.findByRole('radio', { name: /^Hindi/ })).toBeChecked();
      expect(field('Tagline (Hindi)')).toHaveAccessibleDescription(
        'Tagline (Hindi) must be at most 200 characters',
      );
    });
  });
});
