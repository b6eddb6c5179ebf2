import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Carousel } from './Carousel';

const slides = ['Courtyard', 'Kitchen', 'Garden'].map((name) => <p key={name}>{name}</p>);

describe('Carousel', () => {
  it('is a labelled carousel region showing the first slide as "1 of 3"', () => {
    render(<Carousel label="Project photos" slides={slides} />);
    const region = screen.getByRole('region', { name: 'Project photos' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveTextContent('Courtyard');
    expect(screen.queryByText('Kitchen')).not.toBeVisible();
  });

  it('moves with Next and Previous and wraps around at both ends', async () => {
    const user = userEvent.setup();
    render(<Carousel label="Project photos" slides={slides} />);

    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Kitchen');

    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByRole('group', { name: '3 of 3' })).toHaveTextContent('Garden');
  });

  it('follows the arrow keys while focus is inside', async () => {
    const user = userEvent.setup();
    render(<Carousel label="Project photos" slides={slides} />);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('group', { name: '2 of 3' })).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeVisible();
  });

  it('shows no controls for a single slide', () => {
    render(<Carousel label="Project photos" slides={[<p key="one">Only one</p>]} />);
    expect(screen.getByText('Only one')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders its empty state, or nothing, without slides', () => {
    const { container, rerender } = render(<Carousel label="Photos" slides={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Carousel label="Photos" slides={[]} emptyState={<p>No photos yet</p>} />);
    expect(screen.getByText('No photos yet')).toBeInTheDocument();
  });

  describe('autoplay', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('does not move by itself unless asked to', () => {
      render(<Carousel label="Photos" slides={slides} />);
      act(() => jest.advanceTimersByTime(20000));
      expect(screen.getByRole('group', { name: '1 of 3' })).toBeVisible();
    });

    it('turns every autoPlayMs and pauses while hovered', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Carousel label="Photos" slides={slides} autoPlayMs={4000} />);

      act(() => jest.advanceTimersByTime(4000));
      expect(screen.getByRole('group', { name: '2 of 3' })).toBeVisible();

      await user.hover(screen.getByRole('region'));
      act(() => jest.advanceTimersByTime(12000));
      expect(screen.getByRole('group', { name: '2 of 3' })).toBeVisible();
    });

    it('can be stopped with its rotation button', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Carousel label="Photos" slides={slides} autoPlayMs={4000} />);
      await user.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
      await user.unhover(screen.getByRole('region'));
      act(() => (document.activeElement as HTMLElement).blur());

      act(() => jest.advanceTimersByTime(12000));
      expect(screen.getByRole('group', { name: '1 of 3' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeInTheDocument();
    });

    it('stays still for users who prefer reduced motion', () => {
      const matchMedia = jest.fn((query: string) => ({
        matches: query.includes('reduce'),
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      }));
      Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
      try {
        render(<Carousel label="Photos" slides={slides} autoPlayMs={4000} />);
        act(() => jest.advanceTimersByTime(12000));
        expect(screen.getByRole('group', { name: '1 of 3' })).toBeVisible();
        expect(screen.queryByRole('button', { name: /slide rotation/ })).not.toBeInTheDocument();
      } finally {
        Reflect.deleteProperty(window, 'matchMedia');
      }
    });
  });
});
