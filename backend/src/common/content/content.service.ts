import { BadRequestException, ConflictException, Inject, NotFoundException } from '@nestjs/common';
import mongoose, { type HydratedDocument, type Model, type mongo } from 'mongoose';
import { Clock } from '../clock/clock';
import type { AuthUser } from '../decorators/current-user.decorator';
import {
  listQuery,
  readPage,
  type ListOptions,
  type ContentListQueryDto,
  type Page,
} from '../http/list-query';
import type { PhotoInput } from '../../media/library/dto/photo.dto';
import { MediaLibraryService, type Photo } from '../../media/library/media-library.service';
import type { MediaService, UploadedImage } from '../../media/media.service';
import type { Media, StoredImage } from '../../media/media.types';
import { RevisionsService } from '../../revisions/revisions.service';
import { TrashService } from '../../trash/trash.service';
import type { Placement } from './placement';
import { slugify, slugTaken, uniqueSlug } from './slug';

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

/** What a save sends: the record's fields, its photos as library images with alt texts. */
export type ContentInput<T> = Omit<Partial<T>, 'photos'> & { photos?: PhotoInput[] };

/** Fields every piece of published content has. */
export interface ContentFields extends Placement {
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
  /**
   * The field older clients read the cover's file name from (`ProductImage`): it and
   * `media` always show the first of `photos`.
   */
  imageField?: string;
}

/** A move in one of the hand-made orders: to a position, 0 first. */
export interface Move {
  order?: number;
  featuredOrder?: number;
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
  @Inject(Clock) protected readonly clock!: Clock;
  @Inject(MediaLibraryService) protected readonly library!: MediaLibraryService;

  protected constructor(
    protected readonly model: Model<T>,
    protected readonly media: MediaService,
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

  /** One page for the viewer: each item as its BSON bytes, for `sendJson`. */
  async list(query: ContentListQueryDto, viewer?: AuthUser): Promise<Page<Buffer>> {
    const { filter, sort, skip, limit } = listQuery<T>(query, this.options);
    const visible = { ...filter, ...this.visibleTo(viewer) } as mongo.Filter<mongo.Document>;
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

  /** The record as a mongoose document, to change and save. */
  protected async document(id: string): Promise<HydratedDocument<T>> {
    const doc = await this.model.findById(id).exec();
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    return doc;
  }

  /** Moves the item to the trash, images and all, from where it can be restored; the rest close up. */
  async remove(id: string): Promise<void> {
    const doc = await this.document(id);
    const before = doc.toObject() as Partial<T>;
    await this.trash.discard(doc);
    const within = this.options.ordered?.within;
    await this.renumber(
      'order',
      within ? { [within]: (before as Record<string, unknown>)[within] } : {},
    );
    if (before.featured) await this.renumber('featuredOrder', { featured: true });
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

  /**
   * Creates a record with its photos (library images, `photos`) and an uploaded image
   * (`Userimg`), which becomes the cover. If the record cannot be saved, the upload goes.
   */
  protected createWith(
    fields: ContentInput<T>,
    file: UploadedImage | undefined,
  ): Promise<HydratedDocument<T>> {
    return this.media.withStoredImages(file ? [file] : [], async ([image]) => {
      const { slug: chosen, ...rest } = fields as ContentInput<T> & { slug?: unknown };
      const name = this.nameIn(fields);
      let slug: string | undefined;
      if (typeof chosen === 'string') {
        await this.assertSlugFree(chosen);
        slug = chosen;
      } else if (this.options.nameField) {
        slug = await uniqueSlug(this.model, name);
      }
      return this.model.create({
        ...(await this.withPhotos(rest as ContentInput<T>, image, [], name, true)),
        ...(await this.placeOf(fields as Partial<T>)),
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
   * Updates a record, keeping the version it replaces; a new image replaces the cover,
   * whose files go once nothing shows them (no kept version, no other content).
   */
  protected async updateWith(
    id: string,
    fields: ContentInput<T>,
    file: UploadedImage | undefined,
  ): Promise<HydratedDocument<T>> {
    const doc = await this.document(id);
    const before = doc.toObject();
    const previous = this.mediaOf(doc);
    await this.media.withStoredImages(file ? [file] : [], async ([image]) => {
      const { slug: chosen, ...rest } = fields as ContentInput<T> & { slug?: unknown };
      const nameField = this.options.nameField;
      const newName = nameField ? (rest as Record<string, unknown>)[nameField] : undefined;
      const renamed =
        nameField !== undefined && typeof newName === 'string' && newName !== doc.get(nameField);
      const name = this.nameIn(fields) || this.nameIn(before as ContentInput<T>);
      doc.set({
        ...(await this.withPhotos(rest as ContentInput<T>, image, photosOf(before, name), name)),
        ...(await this.placeOf(fields as Partial<T>, before)),
      });
      // The earlier slug goes into the history as the save changes it (keepsSlugHistory).
      if (typeof chosen === 'string' && chosen !== doc.get('slug')) {
        await this.assertSlugFree(chosen, String(doc._id));
        doc.set('slug', chosen);
      } else if (typeof chosen !== 'string' && renamed) {
        doc.set('slug', await uniqueSlug(this.model, String(newName), String(doc._id)));
      }
      await doc.save();
    });
    // Before the replaced image is let go: the version kept shows it, so it stays.
    await this.revisions.record(before, doc, this.model.collection.collectionName);
    if (file) await this.media.removeImagesQuietly(previous);
    await this.closeGaps(before, doc.toObject());
    return doc;
  }

  /**
   * The place a new item, or one that changes category or becomes featured, takes: the end
   * of its list (the start, for lists newest first). Positions may then be any numbers in
   * the right order; a move renumbers them 0..n-1.
   */
  protected async placeOf(fields: Partial<T> | Placement, before?: Partial<T>): Promise<Placement> {
    const place: Placement = {};
    const within = this.options.ordered?.within;
    const group = within
      ? ((fields as Record<string, unknown>)[within] ??
        (before as Record<string, unknown>)?.[within])
      : undefined;
    const movedGroup =
      !before || (within !== undefined && group !== (before as Record<string, unknown>)[within]);
    if (movedGroup) {
      place.order = await this.edge('order', within ? { [within]: group } : {});
    }
    if (fields.featured === true && !before?.featured) {
      place.featuredOrder = await this.edge('featuredOrder', { featured: true });
    }
    return place;
  }

  /** One past the last position in `scope` (one before the first, for newest first). */
  private async edge(field: 'order' | 'featuredOrder', scope: Record<string, unknown>) {
    const first = field === 'order' && this.options.ordered?.newFirst;
    const edge = await this.model
      .findOne({ ...scope, [field]: mongoose.trusted({ $ne: null }) })
      .sort({ [field]: first ? 1 : -1 })
      .select({ [field]: 1 })
      .lean<Record<string, number>>()
      .exec();
    if (!edge) return 0;
    return first ? edge[field] - 1 : edge[field] + 1;
  }

  /** After an item left a category or the featured ones, the rest close up behind it. */
  protected async closeGaps(before: Partial<T>, after: Partial<T>): Promise<void> {
    const within = this.options.ordered?.within;
    const was = before as Record<string, unknown>;
    if (within && was[within] !== (after as Record<string, unknown>)[within]) {
      await this.renumber('order', { [within]: was[within] });
    }
    if (before.featured && !after.featured)
      await this.renumber('featuredOrder', { featured: true });
  }

  /**
   * Moves an item in its list (its category's, for products) or among the featured ones;
   * the others shift to make room, and the list is numbered 0..n-1 again. Past the end
   * means last.
   */
  async move(id: string, move: Move): Promise<Buffer> {
    const doc = await this.model.findById(id).lean<T>().exec();
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    if (move.featuredOrder !== undefined && !doc.featured) {
      throw new BadRequestException({
        message: `This ${this.options.label.toLowerCase()} is not featured`,
        errors: { featuredOrder: 'Feature it first, then place it among the featured' },
      });
    }
    const within = this.options.ordered?.within;
    const record = doc as unknown as Record<string, unknown>;
    if (move.order !== undefined) {
      await this.renumber('order', within ? { [within]: record[within] } : {}, {
        id,
        position: move.order,
      });
    }
    if (move.featuredOrder !== undefined) {
      await this.renumber(
        'featuredOrder',
        { featured: true },
        { id, position: move.featuredOrder },
      );
    }
    return this.findById(id, { isAdmin: true } as AuthUser);
  }

  /**
   * Rewrites `field` as 0..n-1 within `scope`, in the current order, after putting
   * `move.id` at `move.position`. Only the positions that change are written. A category
   * or the featured set holds tens of items, so reading them all is fine, and it also
   * mends any gap or tie left by concurrent saves.
   */
  private async renumber(
    field: 'order' | 'featuredOrder',
    scope: Record<string, unknown>,
    move?: { id: string; position: number },
  ): Promise<void> {
    const items = await this.model
      .find(scope)
      .sort({ [field]: 1, createdAt: this.options.ordered?.newFirst ? -1 : 1, _id: 1 })
      .select({ [field]: 1 })
      .lean<Record<string, unknown>[]>()
      .exec();
    const ids = items.map((item) => String(item._id));
    if (move) {
      const from = ids.indexOf(move.id);
      if (from >= 0) {
        ids.splice(from, 1);
        ids.splice(Math.min(move.position, ids.length), 0, move.id);
      }
    }
    const current = new Map(items.map((item) => [String(item._id), item[field]]));
    const writes = ids.flatMap((id, position) =>
      current.get(id) === position
        ? []
        : [{ updateOne: { filter: { _id: id }, update: { $set: { [field]: position } } } }],
    );
    if (writes.length > 0) {
      await this.model.bulkWrite(writes as Parameters<Model<T>['bulkWrite']>[0]);
    }
  }

  private nameIn(fields: ContentInput<T>): string {
    const name = this.options.nameField
      ? (fields as Record<string, unknown>)[this.options.nameField]
      : undefined;
    return typeof name === 'string' ? name : '';
  }

  /**
   * The fields to save, with the photos resolved from the library (or the current ones),
   * an upload as the new cover, and the fields older clients read set from the cover.
   */
  private async withPhotos(
    fields: ContentInput<T>,
    image: StoredImage | undefined,
    current: Photo[],
    name: string,
    creating = false,
  ): Promise<Partial<T>> {
    const { photos: requested, ...rest } = fields;
    if (!this.options.imageField) return fields as Partial<T>;
    // An update that names no photos leaves them (and a legacy record's image) as they are.
    if (!requested && !image && !creating) return rest as Partial<T>;
    let photos = requested ? await this.library.photosOf(requested, current) : current;
    if (image) {
      // The spec's single upload sets the cover: the new image takes the first place.
      const cover = { mediaId: image.media.id, alt: name, media: image.media };
      await this.library.offerAlts([cover]);
      photos = [cover, ...(requested ? photos : photos.slice(1))];
    }
    const first = photos[0];
    return {
      ...rest,
      photos,
      [this.options.imageField]: first ? coverFileName(first.media) : '',
      media: first?.media ?? null,
    } as unknown as Partial<T>;
  }

  /** Every image a record holds, so deleting or replacing it leaves no files behind. */
  protected mediaOf(doc: HydratedDocument<T>): Media[] {
    const media = (doc as unknown as { media?: Media | Media[] }).media;
    if (!media) return [];
    return Array.isArray(media) ? media : [media];
  }
}

/** A record's photos; a record saved before photos existed has its one image as the cover. */
export function photosOf(document: unknown, name: string): Photo[] {
  const { photos, media } = document as { photos?: Photo[]; media?: Media | null };
  if (Array.isArray(photos)) return photos;
  return media?.id ? [{ mediaId: media.id, alt: name, media }] : [];
}

/** The file name of an image's largest variant: what `/uploads/<name>` serves. */
export function coverFileName(media: Media): string {
  return media.variants[media.variants.length - 1]?.url.split('/').pop() ?? '';
}
