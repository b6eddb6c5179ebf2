import { NotFoundException } from '@nestjs/common';
import mongoose, { type HydratedDocument, type Model } from 'mongoose';
import type { AuthUser } from '../decorators/current-user.decorator';
import { listQuery, type ListOptions, type ListQueryDto, type Page } from '../http/list-query';
import type { MediaService, UploadedImage } from '../../media/media.service';
import type { Media, StoredImage } from '../../media/media.types';
import { uniqueSlug } from './slug';

/** Fields every piece of published content has. */
export interface ContentFields {
  published: boolean;
  slug?: string;
}

export interface ContentOptions extends ListOptions {
  /** "Product", "Service"…: used in messages such as "Product not found". */
  label: string;
  /** The field a slug is made from and `/single…/{name}` also matches. */
  nameField?: string;
}

/**
 * The CRUD shape the content entities share: visibility (visitors see published items
 * only), lists with paging/sort/search/category, lookups by id or slug, slugs kept unique,
 * and images replaced or removed together with their records.
 */
export abstract class ContentService<T extends ContentFields> {
  protected constructor(
    protected readonly model: Model<T>,
    protected readonly media: MediaService,
    protected readonly options: ContentOptions,
  ) {}

  /** Visitors see published items only; administrators see everything. */
  protected visibleTo(viewer?: AuthUser): Record<string, unknown> {
    return viewer?.isAdmin ? {} : { published: true };
  }

  async list(query: ListQueryDto, viewer?: AuthUser): Promise<Page<T>> {
    const { filter, sort, skip, limit } = listQuery<T>(query, this.options);
    const visible = { ...filter, ...this.visibleTo(viewer) };
    const [items, total] = await Promise.all([
      this.model.find(visible).sort(sort).skip(skip).limit(limit).lean<T[]>().exec(),
      this.model.countDocuments(visible).exec(),
    ]);
    return { items, total };
  }

  async findById(id: string, viewer?: AuthUser): Promise<HydratedDocument<T>> {
    const doc = await this.model.findOne({ _id: id, ...this.visibleTo(viewer) }).exec();
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    return doc;
  }

  /** `/single…/{value}`: the slug first, then the exact name (what older links carry). */
  async findBySlugOrName(value: string, viewer?: AuthUser): Promise<HydratedDocument<T>> {
    const visible = this.visibleTo(viewer);
    const bySlug = await this.model.findOne({ slug: value.toLowerCase(), ...visible }).exec();
    const doc =
      bySlug ??
      (this.options.nameField
        ? await this.model.findOne({ [this.options.nameField]: value, ...visible }).exec()
        : null);
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    return doc;
  }

  async remove(id: string): Promise<void> {
    const doc = await this.findById(id, { id: '', UserName: '', isAdmin: true });
    await doc.deleteOne();
    await Promise.all(this.mediaOf(doc).map((media) => this.media.removeImage(media)));
  }

  /** Distinct values of `field` in use among visible items, with a count and a cover. */
  protected async groupsOf(field: string, imageField: string, viewer?: AuthUser) {
    return this.model
      .aggregate<{ _id: string; count: number; image?: string; media?: Media }>([
        { $match: { ...this.visibleTo(viewer), [field]: mongoose.trusted({ $nin: [null, ''] }) } },
        { $sort: { createdAt: 1, _id: 1 } },
        {
          $group: {
            _id: `$${field}`,
            count: { $sum: 1 },
            image: { $first: `$${imageField}` },
            media: { $first: '$media' },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .exec();
  }

  /** Creates a record with its image: if the record cannot be saved, the image goes too. */
  protected async createWith(
    fields: Partial<T>,
    file: UploadedImage | undefined,
    applyImage: (image: StoredImage) => Partial<T>,
  ): Promise<HydratedDocument<T>> {
    const image = file ? await this.media.storeImage(file) : undefined;
    try {
      const slug = this.options.nameField
        ? await uniqueSlug(
            this.model,
            String((fields as Record<string, unknown>)[this.options.nameField]),
          )
        : undefined;
      return await this.model.create({
        ...fields,
        ...(image ? applyImage(image) : {}),
        ...(slug ? { slug } : {}),
      });
    } catch (error) {
      await this.media.removeImage(image?.media);
      throw error;
    }
  }

  /** Updates a record; a new image replaces the old one, whose files are removed after. */
  protected async updateWith(
    id: string,
    fields: Partial<T>,
    file: UploadedImage | undefined,
    applyImage: (image: StoredImage) => Partial<T>,
  ): Promise<HydratedDocument<T>> {
    const doc = await this.findById(id, { id: '', UserName: '', isAdmin: true });
    const previous = this.mediaOf(doc);
    const image = file ? await this.media.storeImage(file) : undefined;
    try {
      doc.set({ ...fields, ...(image ? applyImage(image) : {}) });
      const name =
        this.options.nameField && (fields as Record<string, unknown>)[this.options.nameField];
      if (typeof name === 'string') {
        doc.set('slug', await uniqueSlug(this.model, name, String(doc._id)));
      }
      await doc.save();
    } catch (error) {
      await this.media.removeImage(image?.media);
      throw error;
    }
    if (image) await Promise.all(previous.map((media) => this.media.removeImage(media)));
    return doc;
  }

  /** Every image a record holds, so deleting or replacing it leaves no files behind. */
  protected mediaOf(doc: HydratedDocument<T>): Media[] {
    const media = (doc as unknown as { media?: Media | Media[] }).media;
    if (!media) return [];
    return Array.isArray(media) ? media : [media];
  }
}
