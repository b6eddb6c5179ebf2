import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../lib/api-client';
import { okResponse, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { ServiceFormPage } from './ServicePages';

jest.mock('../../lib/api-client', () => ({
  api: { GET: jest.fn() },
  upload: jest.fn(),
}));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

const service = {
  _id: 's1',
  media: null,
  published: true,
  ServiceName: 'Courtyard houses',
  ServiceCategory: 'Architecture',
  ServiceStatus: 'Taking projects',
};

describe('the service form', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    GET.mockImplementation((path) =>
      Promise.resolve({ data: path === '/api/service/{id}' ? service : [], response: okResponse }),
    );
  });

  it('edits a service under the service’s own field names', async () => {
    jest.mocked(upload).mockResolvedValue(service);
    renderScreen(<ServiceFormPage />, {
      url: '/admin/edit-service/s1',
      path: '/admin/edit-service/:id',
    });
    const user = userEvent.setup();
    const heading = await screen.findByRole('textbox', { name: 'Heading' });
    expect(screen.getByRole('heading', { name: 'Edit Service' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute(
      'id',
      'service-ServiceName',
    );
    // Services have no client, location or size.
    expect(screen.queryByRole('textbox', { name: 'Client' })).not.toBeInTheDocument();

    await user.type(heading, 'Homes built around light');
    await user.click(screen.getByRole('button', { name: 'Save service' }));

    expect(await screen.findByText('Service saved')).toBeInTheDocument();
    // The router moves in a transition, which may commit after the toast.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/service'));
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request).toMatchObject({ method: 'PUT', url: '/api/service/s1' });
    expect(request.form.get('ServiceHeading')).toBe('Homes built around light');
    expect(request.form.get('ServiceStatus')).toBe('Taking projects');
  });
});
