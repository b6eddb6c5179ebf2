import { ApiError, type Review } from '@vitrine/api-client';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../lib/api-client';
import { okResponse, type ClientCall } from '../../testing/api';
import { queryResult } from '../../testing/query';
import { renderScreen } from '../../testing/render';
import { useReview } from '../../features/reviews/api/get-review';
import { ReviewFormPage } from './ReviewFormPage';

jest.mock('../../features/reviews/api/get-review', () => ({
  useReview: jest.fn(),
  getReview: jest.fn(),
  reviewQueryOptions: (id: string) => ({ queryKey: ['review', id] }),
}));
jest.mock('../../lib/api-client', () => ({ api: { GET: jest.fn() }, upload: jest.fn() }));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

const media = (id: string) => ({
  id,
  width: 1280,
  height: 960,
  placeholder: '',
  variants: [{ url: `/uploads/${id}-640.webp`, width: 640 }],
});

const review: Review = {
  _id: 'r1',
  ClientName: 'Meera Iyer',
  ClientReview: 'The linen drapes changed the whole room.',
  ClientImage: ['a-1280.webp', 'b-1280.webp', 'c-1280.webp'],
  media: [media('a'), media('b'), media('c')],
  photos: [
    { mediaId: 'a', alt: 'Drapes in the living room', media: media('a') },
    { mediaId: 'b', alt: 'Drapes drawn', media: media('b') },
    { mediaId: 'c', alt: 'The fabric close up', media: media('c') },
  ],
  published: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

/** A library image that has no alt text yet (one migrated from before the library). */
const unnamed = {
  _id: 'd'.repeat(20),
  media: media('d'.repeat(20)),
  alt: '',
  caption: '',
  usedBy: [],
};

const location = () => screen.getByTestId('location').textContent;
const alts = () =>
  screen
    .getAllByRole('textbox', { name: /^Alt text of photo/ })
    .map((box) => (box as HTMLInputElement).value);
/** The photos the form sent, as the API reads them from the multipart body. */
const sentPhotos = (call = 0) =>
  JSON.parse(String(jest.mocked(upload).mock.calls[call][0].form.get('photos'))) as unknown;

function renderEdit() {
  jest.mocked(useReview).mockReturnValue(queryResult({ data: review }));
  renderScreen(<ReviewFormPage />, {
    url: '/admin/edit-review/r1',
    path: '/admin/edit-review/:id',
  });
  return userEvent.setup();
}

describe('the review form’s photos', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
    jest.mocked(upload).mockResolvedValue(review);
    GET.mockResolvedValue({ data: [unnamed], response: okResponse });
  });

  it('shows each photo with its alt text, removes one and sends the rest in a new order', async () => {
    const user = renderEdit();
    expect(alts()).toEqual(['Drapes in the living room', 'Drapes drawn', 'The fabric close up']);
    // A review has no cover: its photos are only in order.
    expect(screen.queryByText('Cover')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make cover/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 up' }));
    expect(screen.getByRole('button', { name: 'Move photo 1 up' })).toHaveFocus();
    await user.clear(screen.getByRole('textbox', { name: /^Alt text of photo 2/ }));
    await user.type(
      screen.getByRole('textbox', { name: /^Alt text of photo 2/ }),
      'Drapes, morning light',
    );
    await user.click(screen.getByRole('button', { name: 'Save review' }));

    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request).toMatchObject({ method: 'PUT', url: '/api/reviews/r1' });
    expect(request.form.get('ClientName')).toBe('Meera Iyer');
    expect(sentPhotos()).toEqual([
      { mediaId: 'c', alt: 'The fabric close up' },
      { mediaId: 'a', alt: 'Drapes, morning light' },
    ]);
    await waitFor(() => expect(location()).toBe('/admin/review'));
  });

  it('adds a library photo whose alt text must be written before the review is sent', async () => {
    jest.mocked(useReview).mockReturnValue(queryResult({ data: undefined }));
    renderScreen(<ReviewFormPage />, { url: '/admin/add-review', path: '/admin/add-review' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Client name/ }), 'Ravi');
    await user.type(screen.getByRole('textbox', { name: /^Review/ }), 'Lovely work');

    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Add photos' });
    await user.click(await within(dialog).findByRole('button', { name: /No alt text yet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 photo' }));
    expect(alts()).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect(await screen.findByRole('link', { name: /Alt text of photo 1/ })).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Alt text of photo 1/ }), 'A quilt');
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    expect(jest.mocked(upload).mock.calls[0][0]).toMatchObject({
      method: 'POST',
      url: '/api/reviews',
    });
    expect(sentPhotos()).toEqual([{ mediaId: unnamed._id, alt: 'A quilt' }]);
  });

  it('shows the API’s refusal of a photo’s alt text beside that photo', async () => {
    jest.mocked(upload).mockRejectedValueOnce(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Alt text is required',
        errors: { 'photos.1.alt': 'Alt text is required' },
      }),
    );
    const user = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    const field = await screen.findByRole('textbox', { name: /^Alt text of photo 2/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Alt text is required').length).toBeGreaterThan(0);
    expect(location()).toBe('/admin/edit-review/r1');
  });
});

describe('the review’s language', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    localStorage.clear();
    jest.mocked(upload).mockResolvedValue(review);
    GET.mockImplementation((path) =>
      Promise.resolve({
        data: path === '/api/settings' ? { languages: ['en', 'hi'] } : [],
        response: okResponse,
      }),
    );
  });

  it('shows the language the client wrote in, marks the text with it and sends a new choice', async () => {
    jest
      .mocked(useReview)
      .mockReturnValue(queryResult({ data: { ...review, language: 'hi' } as Review }));
    renderScreen(<ReviewFormPage />, {
      url: '/admin/edit-review/r1',
      path: '/admin/edit-review/:id',
    });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: /^Language/ });
    expect(select).toHaveValue('hi');
    expect(screen.getByRole('textbox', { name: /^Review/ })).toHaveAttribute('lang', 'hi');
    await user.selectOptions(select, 'English');
    expect(screen.getByRole('textbox', { name: /^Review/ })).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    expect(jest.mocked(upload).mock.calls[0][0].form.get('language')).toBe('en');
  });

  it('gives a new review the site’s default language', async () => {
    jest.mocked(useReview).mockReturnValue(queryResult({ data: undefined }));
    renderScreen(<ReviewFormPage />, { url: '/admin/add-review', path: '/admin/add-review' });
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: /^Language/ })).toHaveValue('en');
    await user.type(screen.getByRole('textbox', { name: /Client name/ }), 'Ravi');
    await user.type(screen.getByRole('textbox', { name: /^Review/ }), 'Lovely work');
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    expect(jest.mocked(upload).mock.calls[0][0].form.get('language')).toBe('en');
  });

  it('sends no language on a site with one', async () => {
    GET.mockResolvedValue({ data: { languages: ['en'] }, response: okResponse });
    const user = renderEdit();
    expect(screen.queryByRole('combobox', { name: /^Language/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    expect(jest.mocked(upload).mock.calls[0][0].form.get('language')).toBeNull();
  });
});
