import type { ProductCategory } from '@vitrine/api-client';
import { formatNumber } from '@vitrine/contracts';
import { linkButtonClass, VisuallyHidden } from '@vitrine/ui';
import { Link } from '../../../lib/links';
import { MediaBox } from '../../../components/MediaBox';
import { telHref } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import './products.css';

/** One card per product category in use: its cover, View More (the tab) and Call Now. */
export function CategoryCards({
  categories,
  phone,
}: {
  categories: readonly ProductCategory[];
  /** The studio's number from the settings; Call Now is left out without one. */
  phone?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <ul className="card-grid card-grid--wide">
      {categories.map((category) => {
        const name = category.ProductCategory;
        return (
          <li key={name} className="category-card">
            <MediaBox
              media={category.media}
              alt=""
              sizes="(min-width: 80rem) 24rem, (min-width: 44rem) 45vw, 100vw"
            />
            <div className="category-card__body">
              <h3 className="category-card__name">{name}</h3>
              <p className="category-card__count">
                {t('projects.count', {
                  count: category.count,
                  formatted: formatNumber(category.count, locale),
                })}
              </p>
              <div className="category-card__actions">
                <Link
                  to={`/product?category=${encodeURIComponent(name)}`}
                  className={linkButtonClass('primary')}
                >
                  {t('projects.viewMore')}
                  <VisuallyHidden>{t('projects.viewMoreOf', { name })}</VisuallyHidden>
                </Link>
                {phone && (
                  <a href={telHref(phone)} className={linkButtonClass('secondary')}>
                    {t('projects.callNow')}
                    <VisuallyHidden>{t('projects.callNowAbout', { name })}</VisuallyHidden>
                  </a>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
