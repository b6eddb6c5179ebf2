import type { EnquiryDetail } from '@vitrine/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryResult } from '../../../testing/query';
import { apiRefusal } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { useEnquiry } from '../../../features/enquiries/api/get-enquiry';
import { updateEnquiry } from '../../../features/enquiries/api/update-enquiry';
import { EnquiryPage } from './EnquiryPage';

jest.mock('../../../features/enquiries/api/get-enquiry', () => ({ useEnquiry: jest.fn() }));
jest.mock('../../../features/enquiries/api/update-enquiry', () => ({ updateEnquiry: jest.fn() }));
jest.mock('../../../features/enquiries/api/delete-enquiry', () => ({ deleteEnquiry: jest.fn() }));
jest.mock('../../../features/enquiries/hooks/use-new-enquiry-count', () => ({
  refreshNewEnquiryCount: jest.fn(),
}));

const asha: EnquiryDetail = {
  _id: 'e1',
  about: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  FirstName: 'Asha',
  LastName: 'Rao',
  Email: 'asha@example.com',
  PhoneNumber: '98290 12345',
  Message: 'Curtains for a courtyard?',
  note: '',
  source: 'contact',
  status: 'new',
  mail: null,
};

function renderEnquiry(enquiry: EnquiryDetail) {
  jest.mocked(useEnquiry).mockReturnValue(queryResult({ data: enquiry }));
  renderScreen(<EnquiryPage />, { url: '/admin/enquiries/e1', path: '/admin/enquiries/:id' });
  return userEvent.setup();
}

describe('an enquiry’s handling', () => {
  beforeEach(() => jest.clearAllMocks());

  it('is read once opened, with nothing left to save', async () => {
    jest.mocked(updateEnquiry).mockResolvedValue({ ...asha, status: 'read' });
    renderEnquiry(asha);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('read'),
    );
    expect(updateEnquiry).toHaveBeenCalledWith('e1', { status: 'read' });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves a status and a note, and shows the API’s refusal beside the note', async () => {
    const user = renderEnquiry({ ...asha, status: 'read' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'replied');
    const note = screen.getByRole('textbox', { name: /Internal note/ });
    await user.type(note, 'Quoted on the phone.');

    jest
      .mocked(updateEnquiry)
      .mockRejectedValueOnce(
        apiRefusal(400, 'Check the note', { note: 'The note must be at most 2000 characters' }),
      );
    await user.click(save);
    expect(note).toHaveAccessibleDescription(/at most 2000 characters/);
    expect(screen.getByText('The enquiry was not updated')).toBeInTheDocument();
    expect(note).toHaveValue('Quoted on the phone.');

    jest.mocked(updateEnquiry).mockResolvedValueOnce({ ...asha, status: 'replied' });
    await user.click(save);
    expect(updateEnquiry).toHaveBeenLastCalledWith('e1', {
      status: 'replied',
      note: 'Quoted on the phone.',
    });
    expect(await screen.findByText('Enquiry updated')).toBeVisible();
    await waitFor(() => expect(save).toBeDisabled());
  });
});

describe('an enquiry’s language', () => {
  beforeEach(() => jest.clearAllMocks());

  // Opening it marks it read: each test waits for that before it ends.
  const opened = () =>
    waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('read'));

  it('says the language the visitor wrote from, in its own name and marked with it', async () => {
    jest.mocked(updateEnquiry).mockResolvedValue({ ...asha, status: 'read' });
    renderEnquiry({ ...asha, locale: 'hi' } as EnquiryDetail);
    const name = screen.getByText('हिन्दी');
    expect(name).toHaveAttribute('lang', 'hi');
    expect(name.parentElement).toHaveTextContent('हिन्दी (Hindi)');
    expect(screen.getByText(/written in/)).toBeInTheDocument();
    await opened();
  });

  it('says nothing of a language for an enquiry sent before languages existed', async () => {
    jest.mocked(updateEnquiry).mockResolvedValue({ ...asha, status: 'read' });
    renderEnquiry(asha);
    expect(screen.queryByText(/written in/)).not.toBeInTheDocument();
    await opened();
  });
});
