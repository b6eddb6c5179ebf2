import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../lib/api-client';
import { apiRefusal, okResponse, SAMPLE_MEDIA, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { ProductFormPage, ProductsPage } from './ProductPages';

jest.mock('../../lib/api-client', () => ({
  api: { GET: jest.fn(), DELETE: jest.fn() },
  upload: jest.fn(),
}));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

const project = {
  _id: 'p1',
  media: SAMPLE_MEDIA,
  published: true,
  slug: 'indigo-courtyard',
  ProductName: 'Indigo courtyard',
  ProductCategory: 'Linen',
  ProductPrice: 1450,
  ProductHeading: 'Drapes for a courtyard',
  ProductDescription: '<p>Hand woven in Jaipur</p>',
  ProductClient: 'Taj Hotels',
  photos: [{ mediaId: SAMPLE_MEDIA.id, alt: 'Courtyard drapes', media: SAMPLE_MEDIA }],
  translations: { hi: { ProductName: 'नील आँगन', slug: 'neel-aangan' }, mr: { ProductName: 'x' } },
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function setup(languages = ['en', 'hi']) {
  GET.mockImplementation((path) =>
    Promise.resolve({
      data:
        path === '/api/settings'
          ? { languages }
          : path === '/api/product/{id}'
            ? project
            : [{ ProductCategory: 'Linen', count: 1 }],
      response: okResponse,
    }),
  );
  renderScreen(<ProductFormPage />, {
    url: '/admin/edit-product/p1',
    path: '/admin/edit-product/:id',
  });
  return userEvent.setup();
}

const hindi = () => screen.getByRole('radio', { name: /^Hindi/ });
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('a project’s translation, side by side', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
  });

  it('shows each text in English beside its Hindi input, and saves both languages together', async () => {
    jest.mocked(upload).mockResolvedValue(project);
    const user = setup();
    // Name is translated; category, heading, description, client and the photo's alt are not.
    expect(await screen.findByRole('radio', { name: /^Hindi · 5 missing/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /^English \(default\)/ })).toBeChecked();

    await user.click(hindi());
    const region = screen.getByRole('region', { name: 'Hindi translation' });
    const name = within(region).getByRole('textbox', { name: 'Name (Hindi)' });
    expect(name).toHaveValue('नील आँगन');
    expect(name).toHaveAttribute('lang', 'hi');
    expect(name).toHaveAttribute('maxLength', '120');
    const english = within(region).getByText('Indigo courtyard');
    expect(english).toHaveAttribute('lang', 'en');
    // The description is shown as the page reads it, and translated in the same editor.
    expect(within(region).getByText('Hand woven in Jaipur')).toHaveAttribute('lang', 'en');
    expect(within(region).getByText('Description (Hindi)')).toBeInTheDocument();
    // The fields every language shares are not offered twice.
    expect(screen.queryByRole('textbox', { name: /^Value/ })).not.toBeInTheDocument();

    await user.type(textbox('Client (Hindi)'), ' ताज होटल्स ');
    await user.type(textbox('Alt text of photo 1 (Hindi)'), 'आँगन के परदे');
    expect(hindi()).toHaveAccessibleName(/3 missing/);
    await user.click(screen.getByRole('button', { name: 'Save project' }));

    expect(await screen.findByText('Project saved')).toBeInTheDocument();
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request).toMatchObject({ method: 'PUT', url: '/api/product/p1' });
    // The English fields are sent as before, the Hindi ones beside them; Marathi, no longer
    // a site language, is not sent (the API keeps it).
    expect(request.form.get('ProductName')).toBe('Indigo courtyard');
    expect(JSON.parse(String(request.form.get('translations')))).toEqual({
      hi: {
        ProductName: 'नील आँगन',
        ProductCategory: '',
        ProductHeading: '',
        ProductDescription: '',
        ProductStatus: '',
        ProductClient: 'ताज होटल्स',
        ProductLocation: '',
        ProductSize: '',
        slug: 'neel-aangan',
      },
    });
    expect(JSON.parse(String(request.form.get('photos')))).toEqual([
      {
        mediaId: SAMPLE_MEDIA.id,
        alt: 'Courtyard drapes',
        translations: { hi: { alt: 'आँगन के परदे' } },
      },
    ]);
  });

  it('checks a Hindi page address before sending, and shows the API’s message on its Hindi field', async () => {
    jest.mocked(upload).mockRejectedValue(
      apiRefusal(400, '1 field is not valid', {
        'translations.hi.ProductName': 'Name (Hindi) must be at most 120 characters',
      }),
    );
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Hindi/ }));
    const slug = textbox('Page address (Hindi)');
    await user.clear(slug);
    await user.type(slug, 'Neel Aangan');
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    expect(upload).not.toHaveBeenCalled();
    expect(
      screen.getByRole('link', { name: /^Page address \(Hindi\): Use lowercase letters/ }),
    ).toHaveAttribute('href', `#${slug.id}`);

    await user.clear(slug);
    await user.type(slug, 'neel-aangan');
    // Back in English when the answer comes: the view moves to the language of the message.
    await user.click(screen.getByRole('radio', { name: /^English/ }));
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(hindi()).toBeChecked());
    expect(textbox('Name (Hindi)')).toHaveAccessibleDescription(
      'Name (Hindi) must be at most 120 characters',
    );
  });

  it('offers no language control on a site with one language, and sends no translations', async () => {
    jest.mocked(upload).mockResolvedValue(project);
    const user = setup(['en']);
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    expect(await screen.findByText('Project saved')).toBeInTheDocument();
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request.form.get('translations')).toBeNull();
    expect(JSON.parse(String(request.form.get('photos')))).toEqual([
      { mediaId: SAMPLE_MEDIA.id, alt: 'Courtyard drapes' },
    ]);
  });
});

describe('the projects list’s translations', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows each project’s status per language and filters by “Missing Hindi” through the API', async () => {
    const complete = {
      ...project,
      _id: 'p2',
      ProductName: 'Block prints',
      translationStatus: { hi: [] },
    };
    const lacking = {
      ...project,
      translationStatus: { hi: ['ProductDescription', 'photos.0.alt'] },
    };
    GET.mockImplementation((path, init) => {
      const query = (init as { params?: { query?: { missing?: string } } })?.params?.query;
      return Promise.resolve({
        data:
          path === '/api/settings'
            ? { languages: ['en', 'hi'] }
            : path === '/api/product'
              ? query?.missing === 'hi'
                ? [lacking]
                : [lacking, complete]
              : [],
        response: okResponse,
      });
    });
    renderScreen(<ProductsPage />, { url: '/admin/product', path: '/admin/product' });
    const user = userEvent.setup();
    const row = (await screen.findByText('Indigo courtyard')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Hindi: 2 missing')).toHaveTextContent(
      'Hindi: 2 missing (Description, Alt text of photo 1)',
    );
    const other = screen.getByText('Block prints').closest('tr') as HTMLElement;
    expect(within(other).getByText('Hindi: translated')).toBeInTheDocument();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Translation' }),
      'Missing Hindi',
    );
    await waitFor(() => expect(screen.queryByText('Block prints')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/product?missing=hi');
    expect(GET).toHaveBeenCalledWith(
      '/api/product',
      expect.objectContaining({ params: { query: expect.objectContaining({ missing: 'hi' }) } }),
    );
  });
});
