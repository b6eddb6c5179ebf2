import type { Schema } from 'mongoose';

/**
 * Where an item stands on the site: its place in its list, whether it is featured and its
 * place among the featured, and (for products and services) the moment it goes public.
 * One plugin for the content schemas, so the three entities cannot drift apart.
 */
export interface Placement {
  /** 0 first, within its category (products) or among all (services, reviews). */
  order?: number;
  featured?: boolean;
  /** 0 first, among the featured items of its kind. */
  featuredOrder?: number;
  /** Hidden from visitors until then; null: as soon as it is published. */
  publishAt?: Date | null;
}

export function placed(schema: Schema, options: { scheduled: boolean }): void {
  schema.add({
    // No default: items from before ordering sort first, by age, until the first move.
    order: { type: Number },
    featured: { type: Boolean, default: false, index: true },
    featuredOrder: { type: Number },
  });
  if (options.scheduled) schema.add({ publishAt: { type: Date, default: null, index: true } });
}
