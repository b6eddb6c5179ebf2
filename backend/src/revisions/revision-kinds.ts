import type { TrashType } from '@vitrine/contracts';
import { Product } from '../products/schemas/product.schema';
import { Review } from '../reviews/schemas/review.schema';
import { Service } from '../services/schemas/service.schema';
import { SiteSettings } from '../settings/schemas/site-settings.schema';

export const REVISED_ENTITIES = ['product', 'service', 'review', 'settings'] as const;
export type RevisedEntity = (typeof REVISED_ENTITIES)[number];

export interface RevisedKind {
  entity: RevisedEntity;
  /** The mongoose model the item lives in. */
  model: string;
  collection: string;
  /** "Product", for messages. */
  label: string;
  /** The trash type of its items, for those that can be deleted. */
  trashType?: TrashType;
}

export const REVISED_KINDS: Record<RevisedEntity, RevisedKind> = {
  product: {
    entity: 'product',
    model: Product.name,
    collection: 'products',
    label: 'Product',
    trashType: 'product',
  },
  service: {
    entity: 'service',
    model: Service.name,
    collection: 'services',
    label: 'Service',
    trashType: 'service',
  },
  review: {
    entity: 'review',
    model: Review.name,
    collection: 'reviews',
    label: 'Review',
    trashType: 'review',
  },
  settings: {
    entity: 'settings',
    model: SiteSettings.name,
    collection: 'settings',
    label: 'Settings',
  },
};

/** Bookkeeping, not content: never compared, never brought back by a restore. */
export const NOT_RESTORED = new Set([
  '_id',
  'key',
  'createdAt',
  'updatedAt',
  // The hand-made orders and the slug history belong to the list and to old links, not to a version.
  'order',
  'featuredOrder',
  'slugHistory',
]);

/** Also left out of the differences: the image variants, which the image's name field shows. */
export const NOT_COMPARED = new Set([...NOT_RESTORED, 'media']);

export function revisedKindOf(collection: string): RevisedKind {
  const kind = Object.values(REVISED_KINDS).find(
    (candidate) => candidate.collection === collection,
  );
  if (!kind) throw new Error(`Items of ${collection} keep no revisions`);
  return kind;
}
