import type { Review } from '@vitrine/api-client';
import { Carousel } from '@vitrine/ui';
import { MediaBox } from '../../../components/MediaBox';
import { formatDayMonthYear } from '../../../lib/format';
import './reviews.css';

/** One client's review: their photos, words, name and the day it was written (DD-MM-YYYY). */
export function ReviewCard({ review }: { review: Review }) {
  const date = formatDayMonthYear(review.createdAt);
  const slides = review.media.map((media, index) => (
    <MediaBox
      key={media.id}
      media={media}
      alt={`Photo ${index + 1} from ${review.ClientName}`}
      sizes="(min-width: 56rem) 28rem, 100vw"
    />
  ));
  return (
    <article className="review-card" aria-labelledby={`review-${review._id}`}>
      {slides.length > 0 && (
        <Carousel
          label={`Photos from ${review.ClientName}`}
          slides={slides}
          className="review-card__photos"
        />
      )}
      <div className="review-card__body">
        <blockquote className="review-card__text">
          <p>{review.ClientReview}</p>
        </blockquote>
        <h2 id={`review-${review._id}`} className="review-card__name">
          {review.ClientName}
        </h2>
        {date && (
          <p className="review-card__date">
            <time dateTime={review.createdAt.slice(0, 10)}>{date}</time>
          </p>
        )}
      </div>
    </article>
  );
}
