import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api-client';
import { okResponse, type ClientCall } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { InsightsPage } from './InsightsPage';

jest.mock('../../../lib/api-client', () => ({
  api: { GET: jest.fn(), DELETE: jest.fn() },
}));

const GET = api.GET as unknown as jest.MockedFunction<ClientCall>;
const DELETE = api.DELETE as unknown as jest.MockedFunction<ClientCall>;

const SUMMARY = {
  from: '2026-11-30',
  to: '2026-12-01',
  timeZone: 'Asia/Kolkata',
  views: 123_456,
  visitors: 40,
  days: [
    { day: '2026-11-30', views: 123_400, visitors: 30 },
    { day: '2026-12-01', views: 56, visitors: 10 },
  ],
  previous: {
    from: '2026-11-28',
    to: '2026-11-29',
    views: 100_000,
    visitors: 50,
    days: [
      { day: '2026-11-28', views: 99_000, visitors: 45 },
      { day: '2026-11-29', views: 1_000, visitors: 5 },
    ],
  },
  live: 3,
};

const ANSWERS: Record<string, unknown> = {
  '/api/insights/summary': SUMMARY,
  '/api/insights/pages': [{ path: '/singleproject/teak-chair', views: 12 }],
  '/api/insights/products': [
    {
      slug: 'teak-chair',
      name: 'Teak chair',
      id: 'p1',
      views: 12,
      visitors: 9,
      enquiries: 3,
      conversion: 0.25,
    },
  ],
  '/api/insights/referrers': {
    groups: [
      { group: 'search', views: 6 },
      { group: 'direct', views: 2 },
    ],
    hosts: [{ host: 'google.com', group: 'search', views: 6 }],
  },
  '/api/insights/devices': [{ device: 'phone', views: 9 }],
  '/api/insights/actions': [{ action: 'whatsapp', count: 4 }],
};

// jsdom lays nothing out: the charts' container needs an observer to exist, and draws nothing.
class NoResizeObserver {
  observe = jest.fn();
  unobserve = jest.fn();
  disconnect = jest.fn();
}

const renderPage = (url = '/admin/insights') =>
  renderScreen(<InsightsPage />, { url, path: '/admin/insights' });

const queryOf = (path: string) =>
  (
    GET.mock.calls.filter(([called]) => called === path).at(-1)?.[1] as {
      params: { query: Record<string, unknown> };
    }
  )?.params.query;

describe('the Insights page', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
    GET.mockImplementation((path) =>
      Promise.resolve({ data: ANSWERS[path], response: okResponse }),
    );
    DELETE.mockResolvedValue({ data: undefined, response: okResponse });
  });

  it('shows the totals with their change on the period before, and who is live', async () => {
    renderPage();
    expect(await screen.findByTestId('stat-Views')).toHaveTextContent('1,23,456');
    const totals = screen.getByRole('region', { name: /^Totals for the last 30 days/ });
    expect(within(totals).getByText('▲ +23%')).toBeInTheDocument();
    expect(within(totals).getByText('up 23% on the period before')).toBeInTheDocument();
    expect(within(totals).getByText('▼ −20%')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Live now')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-Project views to enquiries')).toHaveTextContent('25%');
    expect(queryOf('/api/insights/summary')).toEqual({ days: 30 });
    expect(screen.getByText('Days in the site’s time zone, Asia/Kolkata.')).toBeInTheDocument();
  });

  it('labels each chart with what it shows, and shows the same numbers as a table', async () => {
    renderPage();
    const user = userEvent.setup();
    const daily = await screen.findByRole('img', { name: /^Views and visitors per day from/ });
    expect(daily).toHaveAccessibleName(
      'Views and visitors per day from 30 Nov 2026 to 1 Dec 2026: 1,23,456 views and 40 visitors, against 1,00,000 views and 50 visitors the period before',
    );
    const figure = screen.getByRole('figure', { name: 'Views and visitors per day' });
    await user.click(within(figure).getByRole('button', { name: 'Table' }));
    expect(within(figure).getByRole('button', { name: 'Table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = within(figure).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayViewsVisitorsDay beforeViews beforeVisitors before',
      '30-11-20261,23,4003028-11-202699,00045',
      '01-12-2026561029-11-20261,0005',
    ]);

    const actions = screen.getByRole('figure', { name: 'What visitors did' });
    expect(within(actions).getByRole('img')).toHaveAccessibleName(
      /WhatsApp chats 4 \(100%\), Calls 0 \(0%\)/,
    );
    await user.click(within(actions).getByRole('button', { name: 'Table' }));
    expect(
      within(within(actions).getByRole('row', { name: /WhatsApp chats/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['WhatsApp chats', '4', '100%']);
  });

  it('lists the top projects with their enquiries and conversion, linked to their edit screen', async () => {
    renderPage();
    const projects = await screen.findByRole('region', { name: 'Top projects' });
    const row = await within(projects).findByRole('row', { name: /Teak chair/ });
    expect(within(row).getByRole('link', { name: 'Teak chair' })).toHaveAttribute(
      'href',
      '/admin/edit-product/p1',
    );
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Teak chair', '12', '9', '3', '25%']);
  });

  it('asks for the period picked, and keeps it in the address', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('stat-Views');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(queryOf('/api/insights/pages')).toEqual({ days: 7 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/insights?days=7');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('refuses a chosen range in the wrong order beside its field, then asks for a right one', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('stat-Views');
    await user.click(screen.getByRole('button', { name: 'Chosen range' }));
    // It starts from the period shown.
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('2026-11-30');
    await user.clear(from);
    await user.type(from, '2026-12-05');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The first day must not be after the last',
    );
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(queryOf('/api/insights/summary')).toEqual({ from: '2026-11-01', to: '2026-12-01' }),
    );
  });

  it('deletes every statistic only once confirmed, with a toast, and asks again', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('stat-Views');
    await user.click(screen.getByRole('button', { name: 'Delete all statistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all statistics?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(DELETE).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete all statistics' }));
    const again = await screen.findByRole('dialog', { name: 'Delete all statistics?' });
    const asked = GET.mock.calls.length;
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('All statistics deleted')).toBeInTheDocument();
    expect(DELETE).toHaveBeenCalledWith('/api/insights');
    await waitFor(() => expect(GET.mock.calls.length).toBeGreaterThan(asked));
  });

  it('says what could not be loaded, in the chart’s place', async () => {
    GET.mockImplementation((path) =>
      path === '/api/insights/devices'
        ? Promise.reject(new Error('The server is away'))
        : Promise.resolve({ data: ANSWERS[path], response: okResponse }),
    );
    renderPage();
    const devices = screen.getByRole('figure', { name: 'Phones, tablets and desktops' });
    expect(await within(devices).findByText('The devices could not be loaded')).toBeInTheDocument();
    expect(within(devices).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
