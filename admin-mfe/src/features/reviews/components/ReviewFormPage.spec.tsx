import type { Review } from '@vitrine/api-client';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../testing/render';
import { queryResult } from '../../../testing/query';
import { createReview } from '../api/create-review';
import { useReview } from '../api/get-review';
import { updateReview } from '../api/update-review';
import { ReviewFormPage } from './ReviewFormPage';

jest.mock('../api/get-review', () => ({
  useReview: jest.fn(),
  getReview: jest.fn(),
  reviewQueryOptions: (id: string) => ({ queryKey: ['review', id] }),
}));
jest.mock('../api/update-review', () => ({ updateReview: jest.fn() }));
jest.mock('../api/create-review', () => ({ createReview: jest.fn() }));

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
  published: true,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const location = () => screen.getByTestId('location').textContent;
const currentPhotos = () =>
  within(screen.getByRole('list', { name: 'Current photos' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

function renderEdit() {
  jest.mocked(useReview).mockReturnValue(
    queryResult({
      data: review,
    }),
  );
  renderScreen(<ReviewFormPage />, {
    url: '/admin/edit-review/r1',
    path: '/admin/edit-review/:id',
  });
  return userEvent.setup();
}

describe('the review form’s photos', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.mocked(updateReview).mockResolvedValue(review);
    // jsdom has no object URLs; the previews only need one to exist.
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:preview'),
      revokeObjectURL: jest.fn(),
    });
  });

  it('removes one photo and sends the others to keep, in order', async () => {
    const user = renderEdit();
    expect(currentPhotos()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(currentPhotos()).toEqual(['/uploads/a-640.webp', '/uploads/c-640.webp']);
    expect(screen.getByText('photo 2 removed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save review' }));
    expect(updateReview).toHaveBeenCalledWith(
      'r1',
      {
        ClientName: 'Meera Iyer',
        ClientReview: review.ClientReview,
        published: true,
        featured: false,
      },
      ['a-1280.webp', 'c-1280.webp'],
      [],
      expect.any(Function),
    );
    expect(await screen.findByText('Review saved')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/review'));
  });

  it('moves photos up and down with buttons that keep focus, and sends that order', async () => {
    const user = renderEdit();
    expect(screen.getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move photo 3 up' }));
    expect(currentPhotos()).toEqual([
      '/uploads/a-640.webp',
      '/uploads/c-640.webp',
      '/uploads/b-640.webp',
    ]);
    // The moved photo (now second) still has the focus on its "up" button.
    expect(screen.getByRole('button', { name: 'Move photo 2 up' })).toHaveFocus();
    expect(screen.getByText('photo 3 moved to position 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move photo 1 down' }));
    expect(currentPhotos()).toEqual([
      '/uploads/c-640.webp',
      '/uploads/a-640.webp',
      '/uploads/b-640.webp',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save review' }));
    expect(jest.mocked(updateReview).mock.calls[0][2]).toEqual([
      'c-1280.webp',
      'a-1280.webp',
      'b-1280.webp',
    ]);
  });

  it('adds new photos after the current ones and uploads them', async () => {
    const user = renderEdit();
    const files = [
      new File(['1'], 'one.png', { type: 'image/png' }),
      new File(['2'], 'two.png', { type: 'image/png' }),
    ];
    await user.upload(screen.getByLabelText('Add photos'), files);
    const added = screen.getByRole('list', { name: 'New photos (uploaded when you save)' });
    expect(within(added).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Move new photo 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    const [, , keep, sent] = jest.mocked(updateReview).mock.calls[0];
    expect(keep).toEqual(['a-1280.webp', 'b-1280.webp', 'c-1280.webp']);
    expect(sent.map((file) => file.name)).toEqual(['two.png', 'one.png']);
  });

  it('creates a review with its photos', async () => {
    jest.mocked(useReview).mockReturnValue(
      queryResult({
        data: undefined,
      }),
    );
    jest.mocked(createReview).mockResolvedValue(review);
    renderScreen(<ReviewFormPage />, { url: '/admin/add-review', path: '/admin/add-review' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Client name/ }), 'Ravi');
    await user.type(screen.getByRole('textbox', { name: /^Review/ }), 'Lovely work');
    await user.upload(
      screen.getByLabelText('Add photos'),
      new File(['1'], 'one.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add review' }));
    expect(createReview).toHaveBeenCalledWith(
      { ClientName: 'Ravi', ClientReview: 'Lovely work', published: true, featured: false },
      [expect.objectContaining({ name: 'one.png' })],
      expect.any(Function),
    );
    expect(await screen.findByText('Review added')).toBeInTheDocument();
  });
});
