import { fireEvent, render, screen } from '@testing-library/react';
import { ResponsiveImage, type ResponsiveMedia } from './ResponsiveImage';

const media: ResponsiveMedia = {
  width: 1600,
  height: 1200,
  placeholder: 'data:image/webp;base64,UklGRg==',
  variants: [
    { width: 1600, url: '/uploads/weave-1600.webp' },
    { width: 400, url: '/uploads/weave-400.webp' },
    { width: 800, url: '/uploads/weave-800.webp' },
  ],
};

describe('ResponsiveImage', () => {
  it('offers every variant in srcset, narrowest first, with sizes and the intrinsic size', () => {
    render(
      <ResponsiveImage
        media={media}
        alt="Indigo linen weave"
        sizes="(min-width: 60rem) 50vw, 100vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'Indigo linen weave' });

    expect(img).toHaveAttribute(
      'srcset',
      '/uploads/weave-400.webp 400w, /uploads/weave-800.webp 800w, /uploads/weave-960.webp 960w, /uploads/weave-1600.webp 1600w',
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 60rem) 50vw, 100vw');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    expect(img).toHaveAttribute('src', '/uploads/weave-1600.webp');
  });

  it('offers the 960 px width the API makes on demand only for an image wider than that', () => {
    const { rerender } = render(<ResponsiveImage media={media} alt="Wide" />);
    // A phone drawing it full width (412 px at 1.75×) picks 960 rather than 1600.
    expect(screen.getByRole('img').getAttribute('srcset')).toContain(
      '/uploads/weave-960.webp 960w',
    );

    const narrow: ResponsiveMedia = {
      width: 900,
      height: 600,
      variants: [
        { width: 640, url: '/uploads/narrow-640.webp' },
        { width: 900, url: '/uploads/narrow-900.webp' },
      ],
    };
    rerender(<ResponsiveImage media={narrow} alt="Wide" />);
    expect(screen.getByRole('img')).toHaveAttribute(
      'srcset',
      '/uploads/narrow-640.webp 640w, /uploads/narrow-900.webp 900w',
    );
  });

  it('loads lazily and decodes off the main thread by default', () => {
    render(<ResponsiveImage media={media} alt="Weave" />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads a priority image eagerly and first', () => {
    render(<ResponsiveImage media={media} alt="Banner" priority />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the blurred placeholder until the image has loaded', () => {
    render(<ResponsiveImage media={media} alt="Weave" />);
    const img = screen.getByRole('img');
    expect(img.style.backgroundImage).toContain('data:image/webp;base64,UklGRg==');

    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('');
  });

  it('falls back to a plain src without media', () => {
    render(<ResponsiveImage src="/assets/logo.svg" alt="Vitrine" width={120} height={40} />);
    const img = screen.getByRole('img', { name: 'Vitrine' });
    expect(img).toHaveAttribute('src', '/assets/logo.svg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '120');
  });

  it('stays out of the way of a dragged list item when told not to be draggable', () => {
    render(<ResponsiveImage media={media} alt="Photo 1" draggable={false} />);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('draggable', 'false');
  });
});
