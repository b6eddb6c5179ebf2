import { ApiError } from '@vitrine/api-client';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../lib/api';
import { okResponse, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { ProductFormPage, ProductsPage } from './ProductPages';

jest.mock('../../lib/api', () => ({
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
        data: path === '/api/product' ? [project] : [{ ProductCategory: 'Linen', count: 1 }],
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

  it('blames the chosen image when the API refuses the file, and keeps the form', async () => {
    jest.mocked(upload).mockRejectedValue(
      new ApiError(413, {
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The image is larger than 10 MB',
      }),
    );
    renderScreen(<ProductFormPage />, { url: '/admin/add-product', path: '/admin/add-product' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Indigo courtyard');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Linen');
    await user.upload(
      screen.getByLabelText('Image', { selector: 'input' }),
      new File(['x'], 'huge.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add project' }));

    expect(
      await screen.findByRole('link', { name: 'Image: The image is larger than 10 MB' }),
    ).toHaveAttribute('href', '#product-Userimg');
    expect(screen.getByLabelText('Image', { selector: 'input' })).toHaveAccessibleDescription(
      /The image is larger than 10 MB/,
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Indigo courtyard');
    expect(location()).toBe('/admin/add-product');
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
