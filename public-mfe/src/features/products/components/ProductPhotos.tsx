import type { Product } from '@vitrine/api-client';
import { Carousel } from '@vitrine/ui';
import { MediaBox } from '../../../components/MediaBox';
import './products.css';

/**
 * The product's own picture first, then its category's other products, one at a time. The
 * first slide is the page's main image (priority); the others load when shown.
 */
export function ProductPhotos({
  product,
  related,
}: {
  product: Product;
  related: readonly Product[];
}) {
  const photos = [product, ...related].filter((item) => item.media);
  const slides = photos.map((item, index) => (
    <figure key={item._id} className="product-photo">
      <MediaBox
        media={item.media}
        alt={item.ProductName}
        sizes="(min-width: 56rem) 40rem, 100vw"
        priority={index === 0}
      />
      <figcaption className="product-photo__caption">{item.ProductName}</figcaption>
    </figure>
  ));
  return (
    <Carousel
      label={`Photos of ${product.ProductName} and other ${product.ProductCategory} products`}
      slides={slides}
      className="product-photos"
    />
  );
}
