import { render, screen } from '@testing-library/react';
import type { Media } from '@vitrine/api-client';
import { Thumb } from './Thumb';

const media = (width: number, height: number): Media => ({
  id: 'abc',
  width,
  height,
  variants: [72, 144, 320].map((w) => ({ width: w, url: `/uploads/abc-${w}.webp` })),
  placeholder: 'data:image/webp;base64,AAAA',
});

describe('Thumb', () => {
  it('lets the browser pick a thumbnail-sized variant for the 48 px square', () => {
    render(<Thumb media={media(1280, 1280)} alt="Linen" />);
    const img = screen.getByRole('img', { name: 'Linen' });
    expect(img.getAttribute('srcset')).toContain('/uploads/abc-72.webp 72w');
    expect(img).toHaveAttribute('sizes', '48px');
  });

  it('asks for the width a wide image is drawn at when it covers the square', () => {
    render(<Thumb media={media(1280, 960)} alt="Linen" />);
    expect(screen.getByRole('img', { name: 'Linen' })).toHaveAttribute('sizes', '64px');
  });

  it('says so when there is no image', () => {
    render(<Thumb media={null} />);
    expect(screen.getByText('No image')).toBeInTheDocument();
  });
});
