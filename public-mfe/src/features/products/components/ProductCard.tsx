import type { Product } from '@vitrine/api-client';
import { formatPrice } from '@vitrine/contracts';
import { Link } from '../../../lib/links';
import { MediaBox } from '../../../components/MediaBox';
import { useLocale } from '../../../lib/locale';
import '../../../components/card-link.css';
import '../../../components/content-card.css';
import './products.css';

export interface ProductCardProps {
  product: Product;
  /** The card's title level under the section heading it sits in. */
  headingLevel?: 2 | 3;
  /** The card's drawn width, for the image variant (see the grid it is in). */
  sizes: string;
  showCategory?: boolean;
  /** The card is on screen as the page opens: its image loads first, not lazily. */
  priority?: boolean;
}

/**
 * A product as an image card. The name is the link; the whole card is its click target (a
 * stretched ::after), so screen readers hear one short link per card, not the card's text.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  sizes,
  showCategory,
  priority,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = formatPrice(product.ProductPrice, 0, useLocale().locale);
  return (
    <article className="content-card product-card">
      <MediaBox
        media={product.media}
        alt=""
        sizes={sizes}
        priority={priority}
        className="product-card__image"
      />
      <div className="content-card__body">
        {showCategory && <p className="content-card__category">{product.ProductCategory}</p>}
        <Heading className="product-card__name">
          <Link to={`/singleproject/${encodeURIComponent(product.slug)}`} className="card-link">
            {product.ProductName}
          </Link>
        </Heading>
        {product.ProductHeading && (
          <p className="content-card__heading">{product.ProductHeading}</p>
        )}
        {price && <p className="product-card__price">{price}</p>}
      </div>
    </article>
  );
}

/** Sizes for cards in a `.card-grid` (columns of at least 16.5rem in a 76rem container). */
export const PRODUCT_GRID_SIZES =
  '(min-width: 80rem) 18rem, (min-width: 56rem) 30vw, (min-width: 36rem) 45vw, 100vw';

export function ProductGrid({
  products,
  headingLevel,
  showCategory,
  priority = false,
}: {
  products: readonly Product[];
  headingLevel?: 2 | 3;
  showCategory?: boolean;
  /** The grid is the page's main content: its first image is the page's largest paint. */
  priority?: boolean;
}) {
  return (
    <ul className="card-grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            showCategory={showCategory}
            sizes={PRODUCT_GRID_SIZES}
            priority={priority && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
