import type { Review } from '@vitrine/api-client';
import './reviews.css';

/** Clients' words, short: each review's text and its client's name, in the order given. */
export function ReviewQuotes({ reviews }: { reviews: readonly Review[] }) {
  return (
    <ul className="review-quotes">
      {reviews.map((review) => (
        <li key={review._id}>
          <figure className="review-quote">
            <blockquote className="review-quote__text">
              <p>{review.ClientReview}</p>
            </blockquote>
            <figcaption className="review-quote__name">{review.ClientName}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
