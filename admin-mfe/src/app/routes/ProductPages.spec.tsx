import { ApiError } from '@vitrine/api-client';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../lib/api-client';
import { okResponse, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { ProductFormPage, ProductsPage } from './ProductPages';

jest.mock('../../lib/api-client', () => ({
  api: { GET: jest.fn(), DELETE: jest.fn() },
  upload: jest.fn(),
}));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;
const DELETE = api.DELETE as unknown as jest.MockedFunction<ClientCall>;

const project = {
  _id: 'p1',
  media: null,
  published: true,
  ProductName: 'Indigo courtyard',
  ProductCategory: 'Linen',
  ProductPrice: 1450,
  ProductClient: 'Taj Hotels',
};

const location = () => screen.getByTestId('location').textContent;

describe('the project screens', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    GET.mockImplementation((path) =>
      Promise.resolve({
        data:
          path === '/api/product'
            ? [project]
            : path === '/api/media'
              ? []
              : [{ ProductCategory: 'Linen', count: 1 }],
        response: okResponse,
      }),
    );
    DELETE.mockResolvedValue({ data: {}, response: okResponse });
    // jsdom has no object URLs; the image preview only needs one to exist.
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: jest.fn() });
  });

  it('adds a project under the API’s field names and goes back to the list', async () => {
    jest.mocked(upload).mockResolvedValue(project);
    renderScreen(<ProductFormPage />, { url: '/admin/add-product', path: '/admin/add-product' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Add Project' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Indigo courtyard');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Linen');
    await user.type(screen.getByRole('textbox', { name: 'Client' }), ' Taj Hotels ');
    await user.click(screen.getByRole('button', { name: 'Add project' }));

    expect(await screen.findByText('Project added')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/product'));
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request).toMatchObject({ method: 'POST', url: '/api/product' });
    expect(request.form.get('ProductName')).toBe('Indigo courtyard');
    expect(request.form.get('ProductClient')).toBe('Taj Hotels');
  });

  it('links each missing field from the error summary', async () => {
    renderScreen(<ProductFormPage />, { url: '/admin/add-product', path: '/admin/add-product' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add project' }));
    expect(screen.getByRole('link', { name: 'Name: Enter the project name' })).toHaveAttribute(
      'href',
      '#product-ProductName',
    );
    expect(
      screen.getByRole('link', { name: 'Category: Choose a category or add a new one' }),
    ).toHaveAttribute('href', '#product-ProductCategory');
    expect(upload).not.toHaveBeenCalled();
  });

  it('clears a field’s message as soon as it is edited, without checking it again', async () => {
    renderScreen(<ProductFormPage />, { url: '/admin/add-product', path: '/admin/add-product' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAccessibleDescription('Enter the project name');

    await user.type(name, 'I');
    expect(name).not.toHaveAttribute('aria-invalid');
    // The category was not touched: its message stays.
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('uploads photos into the media library from the picker, then takes their alt text, and sends the photos', async () => {
    const media = {
      id: 'a'.repeat(20),
      variants: [{ width: 480, url: '/uploads/aaaaaaaaaaaaaaaaaaaa-480.webp' }],
      width: 480,
      height: 360,
      placeholder: '',
    };
    jest.mocked(upload).mockImplementation((request) => {
      if (request.url === '/api/product') return Promise.resolve(project);
      const file = request.form.get('file') as File;
      return file.name === 'huge.png'
        ? Promise.reject(
            new ApiError(413, {
              statusCode: 413,
              error: 'Payload Too Large',
              message: 'The image is larger than 10 MB',
            }),
          )
        : Promise.resolve({ _id: media.id, media, alt: '', caption: '', usedBy: [] });
    });
    renderScreen(<ProductFormPage />, { url: '/admin/add-product', path: '/admin/add-product' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Indigo courtyard');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Linen');

    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Add photos' });
    await user.upload(within(dialog).getByLabelText('Image files'), [
      new File(['x'], 'huge.png', { type: 'image/png' }),
      new File(['x'], 'gal1.png', { type: 'image/png' }),
    ]);
    // The API's refusal of one file is named; the other arrives chosen, without alt text.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'huge.png: The image is larger than 10 MB',
    );
    const alt = await within(dialog).findByRole('textbox', {
      name: /^Alt text for chosen photo 1/,
    });
    expect(alt).toHaveValue('');
    await user.type(alt, 'Courtyard drapes');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 photo' }));

    expect(screen.getByRole('textbox', { name: /^Alt text of photo 1/ })).toHaveValue(
      'Courtyard drapes',
    );
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    expect(await screen.findByText('Project added')).toBeInTheDocument();
    const calls = jest.mocked(upload).mock.calls.map(([request]) => request);
    expect(calls.map((request) => request.url)).toEqual([
      '/api/media/library',
      '/api/media/library',
      '/api/product',
    ]);
    // Uploaded without an alt text: none is made up from the file name.
    expect(calls[1].form.get('alt')).toBeNull();
    expect(JSON.parse(String(calls[2].form.get('photos')))).toEqual([
      { mediaId: media.id, alt: 'Courtyard drapes' },
    ]);
  });

  it('shows a project’s own visits of the last 30 days on its edit screen', async () => {
    GET.mockImplementation((path, init) =>
      Promise.resolve({
        data:
          path === '/api/product/{id}'
            ? { ...project, slug: 'indigo-courtyard' }
            : path === '/api/insights/products/{slug}'
              ? {
                  slug: (init as { params: { path: { slug: string } } }).params.path.slug,
                  name: 'Indigo courtyard',
                  id: 'p1',
                  from: '2026-11-02',
                  to: '2026-12-01',
                  views: 1234,
                  visitors: 321,
                  enquiries: 5,
                  conversion: 5 / 1234,
                  days: [],
                }
              : [],
        response: okResponse,
      }),
    );
    renderScreen(<ProductFormPage />, {
      url: '/admin/edit-product/p1',
      path: '/admin/edit-product/:id',
    });
    const panel = await screen.findByRole('region', {
      name: 'Visits to this project, last 30 days',
    });
    expect(await within(panel).findByTestId('stat-Views')).toHaveTextContent('1,234');
    expect(within(panel).getByTestId('stat-Visitors')).toHaveTextContent('321');
    expect(within(panel).getByTestId('stat-Enquiries')).toHaveTextContent('5');
    expect(within(panel).getByTestId('stat-Conversion')).toHaveTextContent('0.4%');
    const [, init] = GET.mock.calls.find(([path]) => path === '/api/insights/products/{slug}')!;
    expect(init).toMatchObject({
      params: { path: { slug: 'indigo-courtyard' }, query: { days: 30 } },
    });
  });

  it('deletes a project from the list after asking', async () => {
    renderScreen(<ProductsPage />, { url: '/admin/product', path: '/admin/product' });
    const user = userEvent.setup();
    const row = (await screen.findByText('Indigo courtyard')).closest('tr');
    expect(row).toHaveTextContent('Taj Hotels');
    expect(row).toHaveTextContent('₹1,450');

    await user.click(screen.getByRole('button', { name: 'Delete Indigo courtyard' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the project “Indigo courtyard”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    expect(DELETE).toHaveBeenCalledWith('/api/product/{id}', { params: { path: { id: 'p1' } } });
  });
});
