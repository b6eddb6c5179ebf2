import type { MediaItem } from '@vitrine/api-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, upload, type UploadRequest } from '../../lib/api-client';
import { okResponse, SAMPLE_MEDIA, type ClientCall } from '../../testing/api';
import { renderScreen } from '../../testing/render';
import { MediaPicker } from './MediaPicker';
import { limitConcurrency } from './use-upload-queue';

jest.mock('../../lib/api-client', () => ({ api: { GET: jest.fn() }, upload: jest.fn() }));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;

/** An upload the test answers when it chooses, with the progress callback it was given. */
interface HeldUpload {
  request: UploadRequest;
  answer(item: MediaItem): void;
}

const itemFor = (n: number): MediaItem => ({
  _id: String(n).repeat(20),
  media: { ...SAMPLE_MEDIA, id: String(n).repeat(20) },
  alt: '',
  caption: '',
  pinned: true,
  usedBy: [],
  translationStatus: {},
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
});

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

function dropFiles(zone: HTMLElement, files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

function renderPicker(props: { multiple?: boolean } = { multiple: true }) {
  const onPick = jest.fn();
  renderScreen(
    <MediaPicker title="Add photos" noun="photo" onPick={onPick} onClose={jest.fn()} {...props} />,
    { url: '/admin/add-product', path: '/admin/add-product' },
  );
  return { onPick, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

describe('the media picker', () => {
  let held: HeldUpload[];

  beforeEach(() => {
    jest.clearAllMocks();
    held = [];
    GET.mockResolvedValue({ data: [], response: okResponse });
    jest.mocked(upload).mockImplementation(
      (request) =>
        new Promise((resolve) => {
          held.push({ request: request as UploadRequest, answer: resolve as never });
        }),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: jest.fn() });
  });

  it('uploads dropped files three at a time, each with its progress, and names a refused one without stopping the others', async () => {
    const { dialog } = renderPicker();
    const zone = within(dialog).getByTestId('media-drop-zone');
    dropFiles(zone, [
      png('one.png'),
      png('two.png'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      png('three.png'),
      png('four.png'),
    ]);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'notes.txt: This is not a JPEG, PNG, WebP, AVIF or GIF image. The file was not added.',
    );
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    expect(held.map(({ request }) => (request.form.get('file') as File).name)).toEqual([
      'one.png',
      'two.png',
      'three.png',
    ]);
    // No alt text goes with them: it is written afterwards, never taken from the file name.
    expect(held.every(({ request }) => request.form.get('alt') === null)).toBe(true);

    act(() => held[1].request.onProgress?.(0.5));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading two.png' })).toHaveAttribute(
      'value',
      '0.5',
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading four.png' })).toHaveAttribute(
      'value',
      '0',
    );

    // The fourth starts as soon as one of the first three is done.
    act(() => held[0].answer(itemFor(1)));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
    act(() => {
      held[1].answer(itemFor(2));
      held[2].answer(itemFor(3));
      held[3].answer(itemFor(4));
    });

    const altFields = () =>
      within(dialog).queryAllByRole('textbox', { name: /^Alt text for chosen/ });
    await waitFor(() => expect(altFields()).toHaveLength(4));
    const fields = altFields();
    expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add 4 photos' })).toBeEnabled();
    // The refusal stays until dismissed.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('notes.txt');
  });

  it('hands over the uploaded photos, chosen, with the alt texts written on the grid', async () => {
    const { dialog, user, onPick } = renderPicker();
    await user.upload(within(dialog).getByLabelText('Image files'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    act(() => {
      held[0].answer(itemFor(1));
      held[1].answer(itemFor(2));
    });
    await waitFor(() =>
      expect(within(dialog).getAllByRole('textbox', { name: /^Alt text for chosen/ })).toHaveLength(
        2,
      ),
    );

    await user.type(
      await within(dialog).findByRole('textbox', { name: /^Alt text for chosen photo 1/ }),
      ' Linen drapes, morning ',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '2 chosen: Linen drapes, morning, no alt text yet; alt text still to write',
    );
    // Unchosen, a photo leaves the hand-over and its alt field goes (the newest comes first).
    await user.click(within(dialog).getAllByRole('button', { pressed: true })[0]);
    expect(within(dialog).getAllByRole('textbox', { name: /^Alt text for chosen/ })).toHaveLength(
      1,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 photo' }));

    expect(onPick).toHaveBeenCalledWith([
      expect.objectContaining({ _id: itemFor(1)._id, alt: 'Linen drapes, morning' }),
    ]);
  });

  it('marks the drop zone while files are dragged over it', () => {
    const { dialog } = renderPicker();
    const zone = within(dialog).getByTestId('media-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone).toHaveClass('adm-drop-zone--over');
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone).not.toHaveClass('adm-drop-zone--over');
  });
});

describe('limitConcurrency', () => {
  it('runs at most the limit at once and carries on after a failure', async () => {
    const run = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const task = (fail: boolean) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      if (fail) throw new Error('refused');
      return 'ok';
    };
    const results = await Promise.allSettled(
      [true, false, false, false, false].map((fail) => run(task(fail))),
    );
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
