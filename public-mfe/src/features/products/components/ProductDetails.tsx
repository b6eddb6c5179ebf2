import type { Product } from '@vitrine/api-client';
import { formatPrice, groupDigits } from '@vitrine/contracts';
import { RichText } from '../../../components/RichText';
import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import './products.css';

/** The product's facts (price, client, location, size, status) and its description. */
export function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const price = formatPrice(product.ProductPrice, 0, locale);
  const facts = [
    [t('project.client'), product.ProductClient],
    [t('project.location'), product.ProductLocation],
    [t('project.size'), product.ProductSize && groupDigits(product.ProductSize, locale)],
    [t('project.status'), product.ProductStatus],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));

  return (
    <div className="product-details">
      {product.ProductHeading && (
        <h2 className="product-details__heading">{product.ProductHeading}</h2>
      )}
      {price && (
        <p className="product-details__price">
          <span className="vt-visually-hidden">{t('project.price')} </span>
          {price}
        </p>
      )}
      {facts.length > 0 && (
        <dl className="product-details__facts">
          {facts.map(([label, value]) => (
            <div key={label} className="product-details__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {product.ProductDescription && <RichText html={product.ProductDescription} />}
    </div>
  );
}
