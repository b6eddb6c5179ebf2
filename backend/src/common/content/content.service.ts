import { Inject, NotFoundException } from '@nestjs/common';
import mongoose, { type HydratedDocument, type Model, type QueryOptions } from 'mongoose';
import type { AuthUser } from '../decorators/current-user.decorator';
import {
  listQuery,
  readPage,
  type ListOptions,
  type ListQueryDto,
  type Page,
} from '../http/list-query';
import type { MediaService, UploadedImage } from '../../media/media.service';
import type { Media, StoredImage } from '../../media/media.types';
import { RevisionsService } from '../../revisions/revisions.service';
import { TrashService } from '../../trash/trash.service';
import { uniqueSlug } from './slug';

/**
 * Reads that hand back each document's BSON bytes as the database sent them, for the
 * answer to be written from them (bson-json.ts): what is only read and sent is never
 * decoded into objects. Filters are still cast and projections applied by mongoose.
 */
const AS_BYTES = { raw: true } as QueryOptions;

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
 * images replaced together with their records, and deletion into the trash.
 */
export abstract class ContentService<T extends ContentFields> {
  /** Property-injected, so that the entities' constructors stay about their own needs. */
  @Inject(TrashService) protected readonly trash!: TrashService;
  @Inject(RevisionsService) protected readonly revisions!: RevisionsService;

  protected constructor(
    protected readonly model: Model<T>,
    protected readonly media: MediaService,
    protected readonly options: ContentOptions,
  ) {}

  /** Visitors see published items only; administrators see everything. */
  protected visibleTo(viewer?: AuthUser): Record<string, unknown> {
    return viewer?.isAdmin ? {} : { published: true };
  }

  /** One page for the viewer: each item as its BSON bytes, for `sendJson`. */
  async list(query: ListQueryDto, viewer?: AuthUser): Promise<Page<Buffer>> {
    const { filter, sort, skip, limit } = listQuery<T>(query, this.options);
    const visible = { ...filter, ...this.visibleTo(viewer) };
    return readPage(
      { skip, limit },
      (window) =>
        this.model
          .find(visible)
          .sort(sort)
          .skip(skip)
          .limit(window)
          .lean()
          .setOptions(AS_BYTES)
          .exec() as Promise<unknown> as Promise<Buffer[]>,
      () => this.model.countDocuments(visible).exec(),
    );
  }

  /** For reading only: the item's BSON bytes, as the list gives them. */
  async findById(id: string, viewer?: AuthUser): Promise<Buffer> {
    return this.found(await this.bytesOfOne({ _id: id, ...this.visibleTo(viewer) }));
  }

  /**
   * The name and slug of an item visitors can see, or null: what an enquiry sent from its
   * page records about it.
   */
  async publicSummary(id: string): Promise<{ name: string; slug: string } | null> {
    if (!mongoose.isValidObjectId(id)) return null;
    const nameField = this.options.nameField ?? 'slug';
    const doc = await this.model
      .findOne({ _id: id, ...this.visibleTo() })
      .select({ slug: 1, [nameField]: 1 })
      .lean<Record<string, unknown>>()
      .exec();
    if (!doc) return null;
    return { name: String(doc[nameField] ?? ''), slug: String(doc.slug ?? '') };
  }

  /** `/single…/{value}`: the slug first, then the exact name (what older links carry). */
  async findBySlugOrName(value: string, viewer?: AuthUser): Promise<Buffer> {
    const visible = this.visibleTo(viewer);
    const bySlug = await this.bytesOfOne({ slug: value.toLowerCase(), ...visible });
    const { nameField } = this.options;
    return this.found(
      bySlug ?? (nameField ? await this.bytesOfOne({ [nameField]: value, ...visible }) : null),
    );
  }

  private async bytesOfOne(filter: Record<string, unknown>): Promise<Buffer | null> {
    return (await this.model.findOne(filter).lean().setOptions(AS_BYTES).exec()) as Buffer | null;
  }

  /** The item, or 404. */
  private found(bytes: Buffer | null): Buffer {
    if (!bytes) throw new NotFoundException(`${this.options.label} not found`);
    return bytes;
  }

  /** The record as a mongoose document, to change and save. */
  protected async document(id: string): Promise<HydratedDocument<T>> {
    const doc = await this.model.findById(id).exec();
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    return doc;
  }

  /** Moves the item to the trash, images and all, from where it can be restored. */
  async remove(id: string): Promise<void> {
    await this.trash.discard(await this.document(id));
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
  protected createWith(
    fields: Partial<T>,
    file: UploadedImage | undefined,
    applyImage: (image: StoredImage) => Partial<T>,
  ): Promise<HydratedDocument<T>> {
    return this.media.withStoredImages(file ? [file] : [], async ([image]) => {
      const slug = this.options.nameField
        ? await uniqueSlug(
            this.model,
            String((fields as Record<string, unknown>)[this.options.nameField]),
          )
        : undefined;
      return this.model.create({
        ...fields,
        ...(image ? applyImage(image) : {}),
        ...(slug ? { slug } : {}),
      });
    });
  }

  /**
   * Updates a record, keeping the version it replaces; a new image replaces the old one,
   * whose files go once no kept version shows them.
   */
  protected async updateWith(
    id: string,
    fields: Partial<T>,
    file: UploadedImage | undefined,
    applyImage: (image: StoredImage) => Partial<T>,
  ): Promise<HydratedDocument<T>> {
    const doc = await this.document(id);
    const before = doc.toObject();
    const previous = this.mediaOf(doc);
    await this.media.withStoredImages(file ? [file] : [], async ([image]) => {
      doc.set({ ...fields, ...(image ? applyImage(image) : {}) });
      const name =
        this.options.nameField && (fields as Record<string, unknown>)[this.options.nameField];
      if (typeof name === 'string') {
        doc.set('slug', await uniqueSlug(this.model, name, String(doc._id)));
      }
      await doc.save();
    });
    // Before the replaced image is let go: the version kept shows it, so it stays.
    await this.revisions.record(before, doc, this.model.collection.collectionName);
    if (file) await this.media.removeImagesQuietly(previous);
    return doc;
  }

  /** Every image a record holds, so deleting or replacing it leaves no files behind. */
  protected mediaOf(doc: HydratedDocument<T>): Media[] {
    const media = (doc as unknown as { media?: Media | Media[] }).media;
    if (!media) return [];
    return Array.isArray(media) ? media : [media];
  }
}
