import { ROUTER_FUTURE } from '@vitrine/contracts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Link } from '../../lib/links';
import {
  PRELOADER_FADE_MS,
  PRELOADER_MAX_MS,
  Preloader,
  resetPreloader,
  shouldShowPreloader,
} from './Preloader';

function renderAt(path: string, ready = false) {
  const view = render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Link to="/about">About</Link>
      <Preloader ready={ready} />
    </MemoryRouter>,
  );
  const rerender = (nowReady: boolean) =>
    view.rerender(
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <Link to="/about">About</Link>
        <Preloader ready={nowReady} />
      </MemoryRouter>,
    );
  return { ...view, rerender };
}

const preloader = () => screen.queryByTestId('preloader');

describe('Preloader', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetPreloader();
  });
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('shows on a first visit to the home page, hidden from assistive technology', () => {
    renderAt('/');
    const element = preloader();
    expect(element).toBeInTheDocument();
    expect(element).toHaveAttribute('aria-hidden', 'true');
    expect(element?.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
  });

  it('fades after at most 3000 ms even when the content is still loading', () => {
    renderAt('/');
    act(() => jest.advanceTimersByTime(PRELOADER_MAX_MS - 1));
    expect(preloader()).not.toHaveClass('preloader--leaving');

    act(() => jest.advanceTimersByTime(1));
    expect(preloader()).toHaveClass('preloader--leaving');
    act(() => jest.advanceTimersByTime(PRELOADER_FADE_MS));
    expect(preloader()).not.toBeInTheDocument();
  });

  it('fades sooner, as soon as the content is ready', () => {
    const view = renderAt('/');
    act(() => jest.advanceTimersByTime(300));
    view.rerender(true);
    expect(preloader()).toHaveClass('preloader--leaving');
    act(() => jest.advanceTimersByTime(PRELOADER_FADE_MS));
    expect(preloader()).not.toBeInTheDocument();
  });

  it('is not shown for a deep link to another page', () => {
    renderAt('/singleproject/sage-linen');
    expect(preloader()).not.toBeInTheDocument();
    expect(shouldShowPreloader('/about', false)).toBe(false);
    expect(shouldShowPreloader('/', false)).toBe(true);
  });

  it('is not shown to visitors who prefer reduced motion', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query.includes('reduce'),
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      }),
    });
    renderAt('/');
    expect(preloader()).not.toBeInTheDocument();
    expect(shouldShowPreloader('/', true)).toBe(false);
  });

  it('goes as soon as the visitor moves to another page', () => {
    renderAt('/');
    act(() => screen.getByRole('link', { name: 'About' }).click());
    expect(preloader()).toHaveClass('preloader--leaving');
  });

  it('is not drawn when the content is ready at the first render (a server-rendered page)', () => {
    const view = renderAt('/', true);
    expect(preloader()).not.toBeInTheDocument();
    view.rerender(true);
    act(() => jest.advanceTimersByTime(PRELOADER_MAX_MS));
    expect(preloader()).not.toBeInTheDocument();
  });

  it('shows once per page load, not again when the site is mounted a second time', () => {
    const first = renderAt('/');
    expect(preloader()).toBeInTheDocument();
    first.rerender(true);
    act(() => jest.advanceTimersByTime(PRELOADER_FADE_MS));
    first.unmount();

    renderAt('/');
    expect(preloader()).not.toBeInTheDocument();
  });
});
