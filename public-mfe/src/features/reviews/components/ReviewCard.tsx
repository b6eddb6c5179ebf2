import type { Review } from '@vitrine/api-client';
import { Carousel } from '@vitrine/ui';
import { MediaBox } from '../../../components/MediaBox';
import { formatDayMonthYear } from '../../../lib/format';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import './reviews.css';

/**
 * One client's review: their photos with the alt texts the editor wrote, words, name and
 * the day it was written (DD-MM-YYYY).
 */
export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  const date = formatDayMonthYear(review.createdAt, useLocale().locale);
  const slides = photosOf(review, t).map(({ media, alt }) => (
    <MediaBox key={media.id} media={media} alt={alt} sizes="(min-width: 56rem) 28rem, 100vw" />
  ));
  return (
    <article className="review-card" aria-labelledby={`review-${review._id}`}>
      {slides.length > 0 && (
        <Carousel
          label={t('reviews.photosFrom', { name: review.ClientName })}
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

/** A review's photos; one the API answered before photos had alt texts describes them by whose they are. */
function photosOf(review: Review, t: TFunction): { media: Review['media'][number]; alt: string }[] {
  if (Array.isArray(review.photos)) return review.photos;
  return review.media.map((media, index) => ({
    media,
    alt: t('reviews.photoFrom', { position: index + 1, name: review.ClientName }),
  }));
}
