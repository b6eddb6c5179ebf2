import { Inject, NotFoundException } from '@nestjs/common';
import mongoose, { type Model, type mongo } from 'mongoose';
import type { Media } from '../media/media.types';
import { Clock } from '../common/clock/clock';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import {
  listQuery,
  readPage,
  type ContentListQueryDto,
  type ListOptions,
  type Page,
} from '../common/http/list-query';
import { slugify } from '../common/slug/slug';

/**
 * Reads that hand back each document's BSON bytes as the database sent them, for the
 * answer to be written from them (bson-json.ts): what is only read and sent is never
 * decoded into objects. They go to the driver's collection itself, not through a mongoose
 * query: these filters hold only values already of their stored types (strings, booleans,
 * dates, an ObjectId made here), the content schemas have no find middleware, and nothing
 * is decoded, so mongoose would only build, cast and copy the query at every request.
 */
const AS_BYTES = { raw: true } as const;

/** An `:id` as the ObjectId stored; any other text, as it is (it matches no item). */
function asObjectId(id: string): mongoose.Types.ObjectId | string {
  return /^[0-9a-f]{24}$/i.test(id) ? new mongoose.Types.ObjectId(id) : id;
}

/** What `/single…/{value}` leads to: the item's bytes, or the current slug of one that moved. */
export type Resolved = { item: Buffer } | { movedTo: string };

export interface ContentOptions extends ListOptions {
  /** "Product", "Service"…: used in messages such as "Product not found". */
  label: string;
  /** What the admin calls one, where it differs from the label ('project' for products). */
  noun?: string;
  /**
   * The field a slug is made from and `/single…/{name}` also matches: items of a kind with
   * one have a slug, and keep the history of their earlier ones.
   */
  nameField?: string;
  /** What names an item in the trash of a kind without `nameField` (reviews: ClientName). */
  trashNameField?: string;
  /**
   * The field older clients read the cover's file name from (`ProductImage`): it and
   * `media` always show the first of `photos`.
   */
  imageField?: string;
}

/**
 * What visitors and editors read of a content entity: visitors see published items only,
 * in lists with paging/sort/search/category, by id, or by slug (an earlier slug leads on).
 */
export abstract class ContentReads<T> {
  /** Property-injected, so that the entities' constructors stay about their own needs. */
  @Inject(Clock) protected readonly clock!: Clock;

  protected constructor(
    protected readonly model: Model<T>,
    protected readonly options: ContentOptions,
  ) {}

  /**
   * Visitors see published items only, once their publish-at moment has come (the content
   * version moves on at that moment, so no cached answer hides or shows one for longer);
   * administrators see everything.
   */
  protected visibleTo(viewer?: AuthUser): Record<string, unknown> {
    if (viewer?.isAdmin) return {};
    return { published: true, publishAt: mongoose.trusted({ $not: { $gt: this.clock.now() } }) };
  }

  /**
   * What a list shows the viewer: all that is visible to them, narrowed by `?published` for
   * a viewer who sees drafts (true: what visitors see; false: what they do not).
   */
  private listedFor(query: ContentListQueryDto, viewer?: AuthUser): Record<string, unknown> {
    const forVisitors = this.visibleTo();
    if (!viewer?.isAdmin || query.published === undefined) return this.visibleTo(viewer);
    return query.published ? forVisitors : { $nor: mongoose.trusted([forVisitors]) };
  }

  /** One page for the viewer: each item as its BSON bytes, for `sendJson`. */
  async list(query: ContentListQueryDto, viewer?: AuthUser): Promise<Page<Buffer>> {
    const { filter, sort, skip, limit } = listQuery<T>(query, this.options);
    const visible = { ...filter, ...this.listedFor(query, viewer) } as mongo.Filter<mongo.Document>;
    return readPage(
      { skip, limit },
      (window) =>
        this.stored()
          .find(visible, { ...AS_BYTES, sort: sort as Record<string, 1 | -1>, skip, limit: window })
          .toArray() as Promise<unknown> as Promise<Buffer[]>,
      () => this.model.countDocuments(visible).exec(),
    );
  }

  /** For reading only: the item's BSON bytes, as the list gives them. */
  async findById(id: string, viewer?: AuthUser): Promise<Buffer> {
    return this.found(await this.bytesOfOne({ _id: asObjectId(id), ...this.visibleTo(viewer) }));
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

  private async bytesOfOne(filter: Record<string, unknown>): Promise<Buffer | null> {
    return (await this.stored().findOne(filter, AS_BYTES)) as Buffer | null;
  }

  /** The driver's collection under the model, for the reads AS_BYTES. */
  private stored(): mongo.Collection {
    const db = this.model.db.db;
    if (!db)
      throw new mongoose.Error(
        `${this.options.label}s cannot be read before the database connects`,
      );
    return db.collection(this.model.collection.collectionName);
  }

  /** The item, or 404. */
  private found(bytes: Buffer | null): Buffer {
    if (!bytes) throw new NotFoundException(`${this.options.label} not found`);
    return bytes;
  }
}
