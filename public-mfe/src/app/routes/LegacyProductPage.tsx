import { LoadingState } from '@vitrine/ui';
import { useLocation } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { useProduct } from '../../features/products/api/get-product';
import { useProducts } from '../../features/products/api/get-products';
import { Redirect } from '../../lib/server-response';
import { useTranslation } from '../../lib/i18n';

/** The navigation state the original product cards passed to `/singleproject`. */
interface LegacyState {
  category?: string;
  name?: string;
}

function legacyState(state: unknown): LegacyState {
  if (typeof state !== 'object' || state === null) return {};
  const { category, name } = state as Record<string, unknown>;
  return {
    category: typeof category === 'string' && category ? category : undefined,
    name: typeof name === 'string' && name ? name : undefined,
  };
}

/**
 * `/singleproject` without a slug: the old links, which carried `{ category, name }` in
 * navigation state. The product is looked up by that name (the API also matches a product's
 * exact name), or else among the category's products by name or image file, and the browser
 * is sent on to its real address. Without state, or with no match, it is a friendly 404.
 */
export default function LegacyProductPage() {
  const { t } = useTranslation();
  const { category, name } = legacyState(useLocation().state);
  const byName = useProduct(name ?? null);
  const searchCategory = Boolean(category && name && byName.error?.status === 404);
  const inCategory = useProducts({ category }, searchCategory);
  const match =
    byName.data ??
    inCategory.data?.find(
      (product) => product.ProductName === name || product.ProductImage === name,
    );

  if (match) return <Redirect to={`/singleproject/${encodeURIComponent(match.slug)}`} />;
  const stillLooking = name && (byName.isLoading || (searchCategory && inCategory.isLoading));
  if (stillLooking)
    return <LoadingState label={t('legacyProject.opening')} className="page-loading" />;
  return (
    <NotFoundMessage
      title={t('items.project.notFoundTitle')}
      back={{ to: '/product', label: t('items.project.back') }}
    >
      {t('legacyProject.noName')}
    </NotFoundMessage>
  );
}
