import mongoose, { type Model } from 'mongoose';

/** "Cotton Linen Weave №2" → "cotton-linen-weave-2": stable, readable deep links. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** The first of `base`, `base-2`, `base-3`… that no other document of the model uses. */
export async function uniqueSlug<T>(
  model: Model<T>,
  text: string,
  exceptId?: string,
): Promise<string> {
  const base = slugify(text);
  const pattern = new RegExp(`^${base}(-\\d+)?$`);
  const taken = await model
    .find({ slug: mongoose.trusted({ $regex: pattern }) })
    .select('_id slug')
    .lean<{ _id: unknown; slug: string }[]>()
    .exec();
  const used = new Set(taken.filter((doc) => String(doc._id) !== exceptId).map((doc) => doc.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
