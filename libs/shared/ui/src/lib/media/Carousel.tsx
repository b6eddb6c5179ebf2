import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../a11y/usePrefersReducedMotion';
import { cx } from '../classNames';
import { useUiWords } from '../ui-words';
import './icon-button.css';
import './carousel.css';

export interface CarouselProps {
  /** Names the carousel, e.g. "Photos of the Courtyard project". */
  label: string;
  slides: readonly ReactNode[];
  /**
   * Turns the slides by themselves every this many milliseconds. Off by default; pauses while
   * the pointer or focus is inside, can be stopped with a button, and never runs for users who
   * prefer reduced motion.
   */
  autoPlayMs?: number;
  /** Shown instead of the carousel when there are no slides. */
  emptyState?: ReactNode;
  className?: string;
}

/**
 * One slide at a time with Previous and Next (the WAI-ARIA carousel pattern). Navigation wraps:
 * Next on the last slide shows the first, so the buttons are never disabled. Left and Right
 * arrow keys work while focus is inside. With a single slide the controls are not shown.
 */
export function Carousel({ label, slides, autoPlayMs, emptyState, className }: CarouselProps) {
  const words = useUiWords();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Slides may be removed while one near the end is showing.
  const current = Math.min(index, Math.max(0, count - 1));
  const canRotate = Boolean(autoPlayMs) && count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), autoPlayMs);
    return () => clearInterval(timer);
  }, [rotating, autoPlayMs, count]);

  if (count === 0) return emptyState ?? null;

  const go = (step: number) => setIndex((current + step + count) % count);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <section
      className={cx('vt-carousel', className)}
      aria-roledescription={words.carousel}
      aria-label={label}
      onKeyDown={handleKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      {/* A rotating carousel would talk over everything, so it only speaks when still. */}
      <div className="vt-carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            // Slides are positional; their order is the only identity they have.
            key={i}
            role="group"
            aria-roledescription={words.slide}
            aria-label={words.slideOf(i + 1, count)}
            className="vt-carousel__slide"
            hidden={i !== current}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="vt-carousel__controls">
          {canRotate && (
            <button
              type="button"
              className="vt-icon-button"
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? words.startRotation : words.stopRotation}
            </button>
          )}
          <button
            type="button"
            className="vt-icon-button vt-carousel__prev"
            aria-label={words.previousSlide}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <p className="vt-carousel__status" aria-hidden="true">
            {current + 1} / {count}
          </p>
          <button
            type="button"
            className="vt-icon-button vt-carousel__next"
            aria-label={words.nextSlide}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
