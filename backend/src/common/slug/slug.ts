import mongoose, { type Model, type Schema } from 'mongoose';

/** What a slug set by hand may be: lowercase letters and digits, words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;

/** "Cotton Linen Weave №2" → "cotton-linen-weave-2": stable, readable deep links. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** Items whose current or earlier slug is `slug` (or matches it), but for `exceptId`. */
function holding(slug: string | RegExp, exceptId?: string): Record<string, unknown> {
  const value = typeof slug === 'string' ? slug : mongoose.trusted({ $regex: slug });
  return {
    $or: [{ slug: value }, { slugHistory: value }],
    ...(exceptId ? { _id: mongoose.trusted({ $ne: new mongoose.Types.ObjectId(exceptId) }) } : {}),
  };
}

/**
 * The first of `base`, `base-2`, `base-3`… that no other document of the model uses now or
 * used before: an old link keeps leading to the item it was made for.
 */
export async function uniqueSlug<T>(
  model: Model<T>,
  text: string,
  exceptId?: string,
): Promise<string> {
  const base = slugify(text);
  const pattern = new RegExp(`^${base}(-\\d+)?$`);
  const taken = await model
    .find(holding(pattern, exceptId))
    .select('slug slugHistory')
    .lean<{ slug: string; slugHistory?: string[] }[]>()
    .exec();
  const used = new Set(taken.flatMap((doc) => [doc.slug, ...(doc.slugHistory ?? [])]));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Whether another item has `slug` as its address, now or before. */
export async function slugTaken<T>(
  model: Model<T>,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  return (await model.exists(holding(slug, exceptId)).exec()) !== null;
}

/**
 * Keeps an item's earlier slugs in `slugHistory` (newest first) whenever a save changes its
 * slug, however the change came (an edit, a version brought back), so old links can be sent
 * on to the new address. Taking back an earlier slug removes it from the history.
 */
export function keepsSlugHistory(schema: Schema): void {
  schema.post('init', function () {
    this.$locals.storedSlug = this.get('slug');
  });
  schema.pre('save', function () {
    const stored = this.$locals.storedSlug;
    const slug = this.get('slug');
    if (this.isNew || typeof stored !== 'string' || stored === slug) return;
    const history = ((this.get('slugHistory') as string[] | undefined) ?? []).filter(
      (earlier) => earlier !== slug && earlier !== stored,
    );
    this.set('slugHistory', [stored, ...history]);
  });
  schema.post('save', function () {
    this.$locals.storedSlug = this.get('slug');
  });
}
