import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
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
import { slugify, slugTaken, uniqueSlug } from './slug';

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
  slugHistory?: string[];
}

/** What `/single…/{value}` leads to: the item's bytes, or the current slug of one that moved. */
export type Resolved = { item: Buffer } | { movedTo: string };

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

  /**
   * `/single…/{value}`: the item whose slug it is, else the one with that exact name (what
   * older links carry), as its bytes; else the item that had it as a slug before: that one
   * has moved.
   */
  async resolve(value: string, viewer?: AuthUser): Promise<Resolved> {
    const visible = this.visibleTo(viewer);
    const slug = value.toLowerCase();
    const { nameField } = this.options;
    const item =
      (await this.bytesOfOne({ slug, ...visible })) ??
      (nameField ? await this.bytesOfOne({ [nameField]: value, ...visible }) : null);
    if (item) return { item };
    // An old link by name ("Sky Poplin") is found by the slug that name had.
    const earlier = [...new Set([slug, slugify(value)])];
    const moved = await this.model
      .findOne({ slugHistory: mongoose.trusted({ $in: earlier }), ...visible })
      .select({ slug: 1 })
      .lean<{ slug: string }>()
      .exec();
    if (moved) return { movedTo: moved.slug };
    throw new NotFoundException(`${this.options.label} not found`);
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
      const { slug: chosen, ...rest } = fields as Record<string, unknown>;
      let slug: string | undefined;
      if (typeof chosen === 'string') {
        await this.assertSlugFree(chosen);
        slug = chosen;
      } else if (this.options.nameField) {
        slug = await uniqueSlug(
          this.model,
          String((fields as Record<string, unknown>)[this.options.nameField]),
        );
      }
      return this.model.create({
        ...(rest as Partial<T>),
        ...(image ? applyImage(image) : {}),
        ...(slug ? { slug } : {}),
      });
    });
  }

  /** A slug set by hand must be no other item's address, now or before: 409 naming `slug`. */
  protected async assertSlugFree(slug: string, exceptId?: string): Promise<void> {
    if (!(await slugTaken(this.model, slug, exceptId))) return;
    const message = `Another ${this.options.label.toLowerCase()} has this address (now or before): choose another slug`;
    throw new ConflictException({ message, errors: { slug: message } });
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
      const { slug: chosen, ...rest } = fields as Record<string, unknown>;
      const nameField = this.options.nameField;
      const name = nameField ? rest[nameField] : undefined;
      const renamed =
        nameField !== undefined && typeof name === 'string' && name !== doc.get(nameField);
      doc.set({ ...rest, ...(image ? applyImage(image) : {}) });
      // The earlier slug goes into the history as the save changes it (keepsSlugHistory).
      if (typeof chosen === 'string' && chosen !== doc.get('slug')) {
        await this.assertSlugFree(chosen, String(doc._id));
        doc.set('slug', chosen);
      } else if (typeof chosen !== 'string' && renamed) {
        doc.set('slug', await uniqueSlug(this.model, String(name), String(doc._id)));
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
