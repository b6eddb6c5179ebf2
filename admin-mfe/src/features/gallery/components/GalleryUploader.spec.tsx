import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload } from '../../../lib/api-client';
import { okResponse, type ClientCall } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { GalleryUploader } from './GalleryUploader';

jest.mock('../../../lib/api-client', () => ({ api: { GET: jest.fn() }, upload: jest.fn() }));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

const loom = {
  _id: 'f'.repeat(20),
  alt: 'Loom',
  caption: '',
  usedBy: [],
  media: {
    id: 'f'.repeat(20),
    width: 640,
    height: 480,
    placeholder: '',
    variants: [{ width: 640, url: `/uploads/${'f'.repeat(20)}-640.webp` }],
  },
};

function renderUploader() {
  const onUploaded = jest.fn();
  renderScreen(<GalleryUploader onUploaded={onUploaded} />, {
    url: '/admin/gallery',
    path: '/admin/gallery',
  });
  return { user: userEvent.setup(), onUploaded };
}

describe('adding images to the gallery', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    GET.mockResolvedValue({ data: [loom], response: okResponse });
    jest.mocked(upload).mockResolvedValue([]);
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: jest.fn() });
  });

  it('adds a media library image with the alt text written for the gallery', async () => {
    const { user, onUploaded } = renderUploader();
    await user.click(screen.getByRole('button', { name: 'Choose from the media library' }));
    const dialog = screen.getByRole('dialog', { name: 'Add images from the media library' });
    await user.click(await within(dialog).findByRole('button', { name: /Loom/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 image' }));

    const alt = screen.getByRole('textbox', { name: /^Alt text for image 1/ });
    expect(alt).toHaveValue('Loom');
    // The alt text is required: emptied, nothing is sent and the field says why.
    await user.clear(alt);
    await user.click(screen.getByRole('button', { name: 'Add 1 image' }));
    expect(screen.getByText('Every image needs an alt text.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    await user.type(alt, 'A pit loom in the Bhuj workshop');
    await user.click(screen.getByRole('button', { name: 'Add 1 image' }));
    expect(await screen.findByText('Image added to the gallery')).toBeInTheDocument();
    const [request] = jest.mocked(upload).mock.calls[0];
    expect(request).toMatchObject({ method: 'POST', url: '/api/gallery' });
    expect(JSON.parse(String(request.form.get('photos')))).toEqual([
      { mediaId: loom._id, alt: 'A pit loom in the Bhuj workshop' },
    ]);
    expect(request.form.getAll('images')).toEqual([]);
    expect(onUploaded).toHaveBeenCalled();
  });

  it('starts an uploaded file’s alt text empty, never with its file name', async () => {
    const { user } = renderUploader();
    await user.upload(
      screen.getByLabelText('Choose images'),
      new File(['x'], 'gal1.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('textbox', { name: /^Alt text for image 1/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Upload 1 image' })).toBeInTheDocument();
  });
});
