import type { Enquiry } from '@vitrine/api-client';
import { screen, within } from '@testing-library/react';
import { queryResult } from '../../../testing/query';
import { renderScreen } from '../../../testing/render';
import { useEnquiries } from '../../../features/enquiries/api/get-enquiries';
import { EnquiriesPage } from './EnquiriesPage';

jest.mock('../../../features/enquiries/api/get-enquiries', () => ({ useEnquiries: jest.fn() }));
jest.mock('../../../features/enquiries/api/delete-enquiry', () => ({ deleteEnquiry: jest.fn() }));
jest.mock('../../../features/enquiries/hooks/use-new-enquiry-count', () => ({
  refreshNewEnquiryCount: jest.fn(),
}));
// A site in English alone, its settings already here: the inbox shows its list at once.
jest.mock('../../../lib/site-languages', () => {
  const actual = jest.requireActual('../../../lib/site-languages');
  return { ...actual, useSiteLanguages: jest.fn(() => actual.siteLanguagesOf(undefined)) };
});

const base = {
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  Email: '',
  note: '',
  status: 'new',
} as const;

const callback: Enquiry = {
  ...base,
  _id: 'e1',
  about: null,
  FirstName: 'Ravi',
  LastName: 'Menon',
  PhoneNumber: '+91 98290 12345',
  Message: '',
  source: 'callback',
};

const aboutProject: Enquiry = {
  ...base,
  _id: 'e2',
  about: { kind: 'product', id: 'p1', name: 'Bay window drapes', slug: 'bay-window-drapes' },
  FirstName: 'Asha',
  LastName: 'Rao',
  Email: 'asha@example.com',
  PhoneNumber: '98290 67890',
  Message: 'Could these fit a 3 m window?',
  source: 'contact',
};

/** A row's cells as a phone's card lays them out: by their labels (data-label). */
function cardOf(name: RegExp) {
  const row = screen.getByRole('link', { name }).closest('tr') as HTMLElement;
  const cells = [...row.querySelectorAll('td')];
  return Object.fromEntries(
    cells
      .filter((cell) => cell.dataset.card === 'detail' && cell.dataset.label)
      .map((cell) => [cell.dataset.label, cell.textContent]),
  );
}

describe('the enquiry inbox', () => {
  beforeEach(() => {
    jest
      .mocked(useEnquiries)
      .mockReturnValue(queryResult({ data: { items: [callback, aboutProject], total: 2 } }));
    renderScreen(<EnquiriesPage />, { url: '/admin/enquiries', path: '/admin/enquiries' });
  });

  it('gives each card the phone number, the form and the project, and says what a call-back request is', () => {
    expect(cardOf(/^Ravi Menon/)).toEqual({
      Phone: '+91 98290 12345',
      Message: 'Call-back request',
      Form: 'Call-back form',
      Project: '',
    });
    expect(cardOf(/^Asha Rao/)).toEqual({
      Phone: '98290 67890',
      Message: 'Could these fit a 3 m window?',
      Form: 'Contact form',
      Project: 'Bay window drapes',
    });
    // A detail with nothing in it is left off the card (list-table.css hides :empty cells).
    const ravi = screen.getByRole('link', { name: /^Ravi Menon/ }).closest('tr') as HTMLElement;
    expect(within(ravi).getByText('Call-back request')).toHaveClass('adm-enquiry__callback');
    expect(ravi.querySelector('td[data-label="Project"]')).toBeEmptyDOMElement();
  });
});
