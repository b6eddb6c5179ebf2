import { ROUTER_FUTURE } from '@vitrine/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { siteSettings as mockSettings } from '../testing/site-settings';
import { App } from './App';
import { resetPreloader } from './layout/Preloader';

/** The site's languages the settings give (the demo's: English and Hindi). */
let mockLanguages = ['en'];
/** The settings' texts that fell back to the default language, in a Hindi answer. */
let mockFallbacks: string[] = [];

jest.mock('../features/settings/api/get-settings', () => ({
  // What the site's languages are read from (its answer at once, as a server render has it).
  settingsQueryOptions: () => ({
    queryKey: ['settings', 'languages', mockLanguages.join()],
    queryFn: () => ({ ...mockSettings, languages: mockLanguages }),
    initialData: { ...mockSettings, languages: mockLanguages },
    staleTime: Infinity,
  }),
  useSettingsQuery: () => ({
    data: { ...mockSettings, fallbackFields: mockFallbacks },
    error: null,
    isLoading: false,
    refetch: jest.fn(),
  }),
}));
jest.mock('../features/products/api/get-product-categories', () => ({
  useProductCategories: () => ({ data: [], error: null, isLoading: false, refetch: jest.fn() }),
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <App />
      <Address />
    </MemoryRouter>,
  );
}

/** The address the router is at, as the browser's address bar would show it. */
function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

describe('the public site', () => {
  beforeEach(() => {
    resetPreloader();
    window.scrollTo = jest.fn();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('shows a not-found page with a way home for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('renders its own landmarks, with a skip link to the main content first', () => {
    renderAt('/no-such-page');
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveTextContent('Skip to main content');
    expect(links[0]).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'hello@vitrine.example' })).toHaveAttribute(
      'href',
      'mailto:hello@vitrine.example',
    );
    expect(within(footer).getByRole('link', { name: '+91 141 400 2002' })).toHaveAttribute(
      'href',
      'tel:+911414002002',
    );
    expect(within(footer).getByText('GSTIN 08ABCDE1234F1Z5')).toBeInTheDocument();
  });

  it('shows the home page with the company name in its one h1', () => {
    renderAt('/');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Vitrine Textiles & Design Studio: Woven by hand.');
    expect(document.title).toBe('Vitrine Textiles & Design Studio');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Vitrine Textiles & Design Studio',
    );
  });

  it('treats /singleproject without navigation state as a product that is not there', async () => {
    renderAt('/singleproject');
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all projects' })).toHaveAttribute(
      'href',
      '/product',
    );
  });

  it('sends the old /contact address on to /contact-us', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });
});

describe('the site in two languages', () => {
  beforeEach(() => {
    resetPreloader();
    window.scrollTo = jest.fn();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    mockLanguages = ['en', 'hi'];
  });
  afterEach(() => {
    mockLanguages = ['en'];
  });

  it('keeps a Hindi page’s links in Hindi and offers every language by its own name', async () => {
    const user = userEvent.setup();
    renderAt('/hi/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('lang', 'hi');
    const [switcher] = screen.getAllByRole('navigation', { name: 'भाषा' });
    const choices = within(switcher).getAllByRole('link');
    expect(choices.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['English', '/contact-us'],
      ['हिन्दी', '/hi/contact-us'],
    ]);
    expect(choices[1]).toHaveAttribute('aria-current', 'true');
    expect(choices[1]).toHaveAttribute('lang', 'hi');
    expect(choices[0]).toHaveAttribute('hreflang', 'en');

    await user.click(screen.getByRole('button', { name: 'मेन्यू' }));
    const menu = screen.getByRole('navigation', { name: 'मुख्य' });
    expect(within(menu).getByRole('link', { name: 'प्रोजेक्ट' })).toHaveAttribute(
      'href',
      '/hi/product',
    );
    expect(within(menu).getByRole('link', { name: 'होम' })).toHaveAttribute('href', '/hi');
  });

  it('sends an old address on within the language', async () => {
    renderAt('/hi/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeVisible();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/hi\/contact-us$/);
    expect(screen.getAllByRole('link', { name: 'हिन्दी' })[0]).toHaveAttribute(
      'href',
      '/hi/contact-us',
    );
  });

  it('shows "not found" under a language prefix the site does not have', async () => {
    renderAt('/fr/contact-us');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends the default language’s own prefix on to the unprefixed address', async () => {
    renderAt('/en/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/contact-us$/);
    expect(screen.getAllByRole('link', { name: 'English' })[0]).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('tells the signed-in owner, and only them, which texts are not translated yet', async () => {
    mockFallbacks = ['tagline', 'about'];
    try {
      const visitor = renderAt('/hi/contact-us');
      await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' });
      expect(screen.queryByRole('complementary', { name: 'Translation' })).not.toBeInTheDocument();
      visitor.unmount();

      document.cookie = 'vitrine_admin=1; path=/';
      renderAt('/hi/contact-us');
      const note = await screen.findByRole('complementary', { name: 'Translation' });
      expect(note).toHaveTextContent('tagline, about');
    } finally {
      document.cookie = 'vitrine_admin=; path=/; max-age=0';
      mockFallbacks = [];
    }
  });

  it('shows no language switcher on a site of one language', () => {
    mockLanguages = ['en'];
    renderAt('/contact-us');
    expect(screen.queryByRole('navigation', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('the header and its menu', () => {
  beforeEach(() => {
    resetPreloader();
    window.scrollTo = jest.fn();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('is see-through over the home banner until scrolled 80 px, and solid elsewhere', () => {
    const view = renderAt('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('site-header--clear');

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 79 });
    act(() => {
      fireEvent.scroll(window);
    });
    expect(header).toHaveClass('site-header--clear');

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 80 });
    act(() => {
      fireEvent.scroll(window);
    });
    expect(header).toHaveClass('site-header--solid');
    view.unmount();

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    renderAt('/no-such-page');
    expect(screen.getByRole('banner')).toHaveClass('site-header--solid');
  });

  it('opens with focus inside, keeps Tab inside, and closes on Escape back to its button', async () => {
    const user = userEvent.setup();
    renderAt('/no-such-page');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'site-menu');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main' });
    const items = within(menu).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'Home',
      'About',
      'Gallery',
      'Projects',
      'Services',
      'Reviews',
      'Contact',
    ]);
    expect(items[0]).toHaveFocus();
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');

    // From the last item, Tab wraps to the start of the header instead of leaving it.
    act(() => items[items.length - 1].focus());
    await user.tab();
    expect(screen.getByRole('link', { name: /home$/ })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('closes when a page is chosen', async () => {
    const user = userEvent.setup();
    renderAt('/no-such-page');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Contact',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe("the site's own words in the page's language", () => {
  beforeEach(() => {
    resetPreloader();
    window.scrollTo = jest.fn();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    mockLanguages = ['en', 'hi'];
  });
  afterEach(() => {
    mockLanguages = ['en'];
  });

  it('says a Hindi page’s words in Hindi, its form’s messages too', async () => {
    const user = userEvent.setup();
    renderAt('/hi/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeVisible();
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('मुख्य सामग्री पर जाएँ');
    expect(screen.getByRole('textbox', { name: /^पहला नाम/ })).toBeInTheDocument();
    expect(screen.queryByText('Send message')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(await screen.findByText('अपना पहला नाम लिखें')).toBeInTheDocument();
    expect(screen.getByText('अपना ईमेल पता लिखें')).toBeInTheDocument();
  });

  it('changes its words with the language chosen, keeping the page mounted', async () => {
    const user = userEvent.setup();
    renderAt('/hi/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' });
    const header = screen.getByRole('banner');
    const [switcher] = screen.getAllByRole('navigation', { name: 'भाषा' });

    await user.click(within(switcher).getByRole('link', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toBeInTheDocument();
    // The same header element: the language changed, the tree was not mounted again.
    expect(screen.getByRole('banner')).toBe(header);
  });
});
