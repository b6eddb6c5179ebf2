import type { TrashType } from '@vitrine/contracts';
import { GalleryImage } from '../gallery/schemas/gallery-image.schema';
import { Product } from '../products/schemas/product.schema';
import { Review } from '../reviews/schemas/review.schema';
import { Service } from '../services/schemas/service.schema';
import { User } from '../users/schemas/user.schema';

/** A unique index of a live collection, and how to tell an administrator it clashes. */
interface UniqueKey {
  /** The field the administrator knows, named in the 409's `errors`. */
  field: string;
  message: string;
}

export interface TrashKind {
  type: TrashType;
  /** The mongoose model the item lives in. */
  model: string;
  collection: string;
  /** "Product", for messages. */
  label: string;
  name(document: Record<string, unknown>): string;
  /** Stored key → what a clash on it means. */
  unique: Record<string, UniqueKey>;
  /** The document as it comes back, where that differs from how it went. */
  revive?(document: Record<string, unknown>): Record<string, unknown>;
  /** Items with a `slug` and the `slugHistory` of their earlier ones. */
  keepsSlugHistory?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const slugKey = (label: string): Record<string, UniqueKey> => ({
  slug: {
    field: 'slug',
    message: `Another ${label.toLowerCase()} now has this slug: rename that one, or delete it, and restore again`,
  },
});

export const TRASH_KINDS: Record<TrashType, TrashKind> = {
  product: {
    type: 'product',
    model: Product.name,
    collection: 'products',
    label: 'Product',
    name: (document) => text(document.ProductName),
    unique: slugKey('Product'),
    keepsSlugHistory: true,
  },
  service: {
    type: 'service',
    model: Service.name,
    collection: 'services',
    label: 'Service',
    name: (document) => text(document.ServiceName),
    unique: slugKey('Service'),
    keepsSlugHistory: true,
  },
  review: {
    type: 'review',
    model: Review.name,
    collection: 'reviews',
    label: 'Review',
    name: (document) => text(document.ClientName),
    unique: {},
  },
  gallery: {
    type: 'gallery',
    model: GalleryImage.name,
    collection: 'gallery',
    label: 'Gallery image',
    name: (document) => text(document.alt) || text(document.image),
    unique: {},
  },
  user: {
    type: 'user',
    model: User.name,
    collection: 'users',
    label: 'User',
    name: (document) => text(document.UserName),
    unique: {
      userNameKey: {
        field: 'UserName',
        message: 'Another user now has this user name: rename that one, and restore again',
      },
      emailKey: {
        field: 'Email',
        message: 'Another user now has this e-mail address: change that one, and restore again',
      },
    },
    // The account comes back, its sessions do not: tokens from before the deletion stay ended.
    revive: (document) => ({ ...document, tokenVersion: Number(document.tokenVersion ?? 0) + 1 }),
  },
};

export function trashKindOf(collection: string): TrashKind {
  const kind = Object.values(TRASH_KINDS).find((candidate) => candidate.collection === collection);
  if (!kind) throw new Error(`Items of ${collection} cannot go to the trash`);
  return kind;
}
