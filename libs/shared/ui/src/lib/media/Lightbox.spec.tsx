import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Lightbox, type LightboxImage } from './Lightbox';

const images: LightboxImage[] = [
  { src: '/uploads/1.webp', alt: 'Hand-block printed cotton' },
  { src: '/uploads/2.webp', alt: 'Khadi bolts on a loom' },
  { src: '/uploads/3.webp', alt: 'Poplin shirting swatches' },
];

/** A gallery grid of thumbnails opening the lightbox, as the public gallery page does. */
function Gallery({ named = true }: { named?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <>
      {images.map((image, index) => (
        <button
          key={image.src}
          ref={(button) => {
            thumbnails.current[index] = button;
          }}
          onClick={() => setOpen(index)}
        >
          <img src={image.src} alt={image.alt} />
        </button>
      ))}
      <Lightbox
        images={images}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        thumbnail={named ? (index) => thumbnails.current[index] : undefined}
      />
    </>
  );
}

function caption(): string | null {
  return screen.getByRole('dialog').querySelector('figcaption')?.textContent ?? null;
}

describe('Lightbox', () => {
  it('opens on the chosen image with its alt text as the caption', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Khadi bolts on a loom' }));

    const dialog = screen.getByRole('dialog', { name: /image 2 of 3/ });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(caption()).toBe('Khadi bolts on a loom');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('moves with the arrow keys and wraps at the ends', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Poplin shirting swatches' }));

    await user.keyboard('{ArrowRight}');
    expect(caption()).toBe('Hand-block printed cotton');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(caption()).toBe('Khadi bolts on a loom');
  });

  it('moves with the Previous and Next buttons', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Hand-block printed cotton' }));

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(caption()).toBe('Khadi bolts on a loom');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(caption()).toBe('Hand-block printed cotton');
  });

  it('closes on Escape and gives focus to the thumbnail of the image last shown', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Khadi bolts on a loom' }));
    await user.keyboard('{ArrowRight}');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poplin shirting swatches' })).toHaveFocus();

    // Close, after wrapping round with Previous, the same.
    await user.click(screen.getByRole('button', { name: 'Hand-block printed cotton' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Poplin shirting swatches' })).toHaveFocus();
  });

  it('gives focus back to the opener when it is not told the thumbnails', async () => {
    const user = userEvent.setup();
    render(<Gallery named={false} />);
    const opener = screen.getByRole('button', { name: 'Khadi bolts on a loom' });
    await user.click(opener);
    await user.keyboard('{ArrowRight}{Escape}');
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the viewer', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Hand-block printed cotton' }));

    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
