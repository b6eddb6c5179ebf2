import { ROUTER_FUTURE } from '@vitrine/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Link } from '../../lib/links';
import { actionOfLink, reportAction } from '../../lib/insights';
import { useInsights } from './use-insights';

function Page() {
  useInsights();
  return (
    <>
      <Link to="/singleproject/teak-chair">Teak chair</Link>
      <Link to="/singleproject/teak-chair?photo=2">Second photo</Link>
      <a href="https://wa.me/919876543210" onClick={(event) => event.preventDefault()}>
        Chat on WhatsApp
      </a>
      <a href="tel:+911414002002" onClick={(event) => event.preventDefault()}>
        Call us
      </a>
    </>
  );
}

describe('the public site’s beacons', () => {
  let sent: { url: string; body: Record<string, unknown> }[];
  beforeEach(() => {
    sent = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        sent.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
    document.cookie = 'vitrine_admin=; max-age=0; path=/';
  });

  const renderAt = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <Page />
      </MemoryRouter>,
    );

  it('reports a client-side move to a new page, not the first page or a query change', async () => {
    renderAt('/');
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Teak chair' }));
    await userEvent.click(screen.getByRole('link', { name: 'Second photo' }));
    expect(sent).toEqual([
      { url: '/api/insights/events', body: { type: 'view', path: '/singleproject/teak-chair' } },
    ]);
  });

  it('reports WhatsApp and call links, with the product of the page they are on', async () => {
    window.history.replaceState(null, '', '/singleproject/teak-chair');
    renderAt('/singleproject/teak-chair');
    await userEvent.click(screen.getByRole('link', { name: 'Chat on WhatsApp' }));
    await userEvent.click(screen.getByRole('link', { name: 'Call us' }));
    expect(sent.map(({ body }) => body)).toEqual([
      {
        type: 'action',
        path: '/singleproject/teak-chair',
        action: 'whatsapp',
        product: 'teak-chair',
      },
      { type: 'action', path: '/singleproject/teak-chair', action: 'call', product: 'teak-chair' },
    ]);
    window.history.replaceState(null, '', '/');
  });

  it('reports an enquiry sent from the contact form opened from a product as about it', () => {
    reportAction('enquiry', '/contact-us', '?product=teak-chair');
    reportAction('enquiry', '/contact-us', '?service=block-printing');
    expect(sent.map(({ body }) => body)).toEqual([
      { type: 'action', path: '/contact-us', action: 'enquiry', product: 'teak-chair' },
      { type: 'action', path: '/contact-us', action: 'enquiry' },
    ]);
  });

  it('sends nothing from a browser signed in to the admin area', async () => {
    document.cookie = 'vitrine_admin=1; path=/';
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Teak chair' }));
    await userEvent.click(screen.getByRole('link', { name: 'Chat on WhatsApp' }));
    expect(sent).toEqual([]);
  });

  it('tells the links that start an action from the others', () => {
    expect(actionOfLink('https://api.whatsapp.com/send?phone=91')).toBe('whatsapp');
    expect(actionOfLink('mailto:studio@example.com')).toBe('email');
    expect(actionOfLink('TEL:+91')).toBe('call');
    expect(actionOfLink('/contact')).toBeNull();
    expect(actionOfLink('https://www.instagram.com/studio')).toBeNull();
  });
});
