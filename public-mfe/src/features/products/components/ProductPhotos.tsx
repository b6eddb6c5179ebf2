import type { Product } from '@vitrine/api-client';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import './products.css';

/** The product's own photos, the cover first. */
export function ProductPhotos({ product }: { product: Product }) {
  return (
    <PhotoCarousel
      name={product.ProductName}
      photos={product.photos}
      media={product.media}
      sizes="(min-width: 56rem) 40rem, 100vw"
      className="product-photos"
    />
  );
}
