import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { missingLocale, SiteLanguages } from '../../common/i18n/site-languages';
import {
  assertSiteTranslations,
  missingFilter,
  translationStatus,
} from '../../common/i18n/translations';
import { LIST_DEFAULT_LIMIT, type TranslationStatus } from '@vitrine/contracts';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { ApiTokenEntity } from '@vitrine/contracts';
import { noteItemName } from '../../audit/audit-note';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { missingRight } from '../../common/guards/access.guard';
import { escapeRegex, readPage, type Page } from '../../common/http/list-query';
import {
  MEDIA_REFERENCES_COLLECTION,
  mentionedMediaIds,
  splitKey,
  storedIdForms,
  usedMediaIds,
  type MediaReference,
} from '../media-references';
import { MediaService, type MediaKeeper, type UploadedImage } from '../media.service';
import type { Media } from '../media.types';
import type { PhotoInput } from './dto/photo.dto';
import type { QueryMediaDto } from './dto/query-media.dto';
import type { UpdateMediaItemDto } from './dto/update-media-item.dto';
import { MEDIA_TRANSLATABLE, MediaItem } from './media-item.schema';

/** One piece of content showing an image. */
export interface MediaUse {
  /** The content's kind, as it registered (ImageShowingKind): 'product', 'settings'. */
  type: string;
  id: string;
  name: string;
}

/** A library image as an administrator reads it (every reader of the library is one). */
export type MediaItemView = MediaItem & {
  usedBy: MediaUse[];
  /** Per non-default site language, the texts still untranslated (`{ hi: ['alt'] }`). */
  translationStatus: TranslationStatus;
};

/** One field of one piece of content where an image is placed: what `GET /media/{id}/usage` lists. */
export interface MediaPlace {
  /** The content's kind: 'product', 'service', 'review', 'gallery', 'settings'. */
  kind: string;
  id: string;
  /** The item's name, as its list shows it. */
  title: string;
  /** The field, by its API name: 'photos', 'ProductDescription', 'banner', 'image'. */
  field: string;
  /**
   * The alt text the place keeps a copy of, or null where the place shows the library's
   * own alt text (the home banner), so that an edit in the library reaches it anyway.
   */
  placedAlt: string | null;
}

/** A photo of a product or service as stored: the image, its alt text there, its variants. */
export interface Photo {
  mediaId: string;
  alt: string;
  media: Media;
  /** Its alt text in the site's other languages: `{ hi: { alt } }`. */
  translations?: Record<string, { alt?: string }>;
}

/**
 * A kind of content that shows images, as its module tells the library at start (the
 * library knows no entity): how a use of an image names it, and where its alt text follows
 * the library's.
 */
export interface ImageShowingKind {
  /** Its collection ('products'), as media_references keys its documents. */
  collection: string;
  /** What a use says the content is: 'product', 'settings'. */
  type: string;
  /** The field that names one item ('ProductName'); without it, its id names it. */
  nameField?: string;
  /** The name of a kind's only item ('Site settings'), in place of a name field. */
  singleName?: string;
  /**
   * Fields holding one library image as `{ mediaId, alt }` whose alt text is the library's
   * (the home banner), changed through the kind's model (its name, as mongoose knows it) so
   * that the content version moves on.
   */
  altFollowsLibrary?: { model: string; fields: string[] };
  /** What a person calls one item ('project'), in messages; its type otherwise. */
  noun?: string;
  /**
   * Fields that only repeat another field's images for older clients (`ProductImage`
   * repeats the cover of `photos`): never named as a place of their own.
   */
  mirrors?: string[];
  /** The field with the alt text of an item that is one image (the gallery's 'alt'). */
  ownAlt?: string;
  /**
   * Takes the image out of item `id` through the kind's own update, so that the edit is
   * kept in the item's history like any other.
   */
  detach?(id: string, mediaId: string): Promise<void>;
  /** Gives the image's placed copies in item `id` the alt text `alt`, the same way. */
  placeAlt?(id: string, mediaId: string, alt: string): Promise<void>;
}

/** Fields that are bookkeeping, not places: `media` holds the cover's variants for old clients. */
const NOT_PLACES = new Set(['_id', 'media', 'slugHistory']);

/** An `<img>` tag of rich text showing the image `mediaId` (stored as `<id>-<width>.webp`). */
export function imageTagsOf(mediaId: string): RegExp {
  return new RegExp(`<img\\b[^>]*/${mediaId}-\\d+\\.webp[^>]*>`, 'g');
}

/** The alt attribute of a sanitised `<img>` tag, unescaped. */
function altOfTag(tag: string): string {
  const quoted = /\balt="([^"]*)"/.exec(tag)?.[1] ?? '';
  return quoted
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The media library: every stored image with its alt text, caption and variants, and what
 * content uses it (read from media_references, which every content write keeps up to date).
 * An image in use cannot be deleted; one in use nowhere can. As a keeper it keeps the files
 * of images content still shows (an image two products share outlives either's change of
 * picture) and of images uploaded into the library itself.
 */
@Injectable()
export class MediaLibraryService implements OnModuleInit, MediaKeeper {
  constructor(
    @InjectModel(MediaItem.name) private readonly items: Model<MediaItem>,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
    /** The site's languages come from the settings, which show library images themselves. */
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The kinds of content that show images, by collection. */
  private readonly kinds = new Map<string, ImageShowingKind>();

  onModuleInit() {
    this.media.addKeeper(this);
  }

  /** Called by each kind of content at start: see ImageShowingKind. */
  register(kind: ImageShowingKind): void {
    this.kinds.set(kind.collection, kind);
  }

  async keeps(mediaId: string): Promise<boolean> {
    const [pinned, used] = await Promise.all([
      this.items.exists({ _id: mediaId, pinned: true }).exec(),
      usedMediaIds(this.connection, [mediaId]),
    ]);
    return Boolean(pinned) || used.size > 0;
  }

  /** Uploads an image into the library, where it stays until deleted there. */
  async upload(file: UploadedImage, about: { alt?: string; caption?: string }) {
    const { media } = await this.media.storeImage(file, undefined, { ...about, pinned: true });
    return this.findOne(media.id);
  }

  async list(query: QueryMediaDto): Promise<Page<MediaItemView>> {
    const limit = query.limit ?? LIST_DEFAULT_LIMIT;
    const skip = ((query.page ?? 1) - 1) * limit;
    const languages = await this.siteLanguages().languages();
    const missing = missingLocale(query.missing, languages);
    const conditions: Record<string, unknown>[] = [];
    if (query.q) {
      const pattern = new RegExp(escapeRegex(query.q), 'i');
      conditions.push({
        $or: [{ alt: pattern }, { caption: pattern }, { _id: query.q.toLowerCase() }],
      });
    }
    if (missing) conditions.push(missingFilter(MEDIA_TRANSLATABLE, missing));
    const filter = conditions.length ? { $and: conditions } : {};
    const page = await readPage(
      { skip, limit },
      (window) =>
        this.items
          .find(mongoose.trusted(filter))
          .sort({ createdAt: -1, _id: 1 })
          .skip(skip)
          .limit(window)
          .lean<MediaItem[]>()
          .exec(),
      () => this.items.countDocuments(mongoose.trusted(filter)).exec(),
    );
    const uses = await this.usesOf(page.items.map((item) => item._id));
    return {
      total: page.total,
      items: page.items.map((item) => this.view(item, uses, languages)),
    };
  }

  async findOne(id: string): Promise<MediaItemView> {
    const item = await this.items.findById(id).lean<MediaItem>().exec();
    if (!item) throw new NotFoundException('Image not found in the media library');
    const [uses, languages] = await Promise.all([
      this.usesOf([id]),
      this.siteLanguages().languages(),
    ]);
    return this.view(item, uses, languages);
  }

  private view(
    item: MediaItem,
    uses: Map<string, MediaUse[]>,
    languages: readonly string[],
  ): MediaItemView {
    return {
      ...item,
      usedBy: uses.get(item._id) ?? [],
      translationStatus: translationStatus(
        item as unknown as Record<string, unknown>,
        MEDIA_TRANSLATABLE,
        languages,
      ),
    };
  }

  private siteLanguages(): SiteLanguages {
    return this.moduleRef.get(SiteLanguages, { strict: false });
  }

  /**
   * Changes an image's alt text and caption. With `updatePlaced`, the new alt text also goes
   * to the copies content keeps of it (a project's photos, rich text, a gallery image),
   * each through its kind's update; fields that show the library's alt text take it anyway.
   */
  async update(
    id: string,
    { updatePlaced, ...changes }: UpdateMediaItemDto,
    user?: AuthUser,
  ): Promise<MediaItemView> {
    const placed =
      updatePlaced && changes.alt !== undefined
        ? (await this.usage(id)).filter((place) => place.placedAlt !== null)
        : [];
    this.assertMayEdit(user, placed);
    const { translations, ...own } = changes;
    const set: Record<string, unknown> = { ...own };
    if (translations) {
      // Each language named replaces the stored one; the others stay.
      const languages = await this.siteLanguages().languages();
      assertSiteTranslations(translations, languages);
      for (const [code, texts] of Object.entries(translations)) set[`translations.${code}`] = texts;
    }
    const updated = await this.items.findByIdAndUpdate(id, { $set: set }).exec();
    if (!updated) throw new NotFoundException('Image not found in the media library');
    if (changes.alt !== undefined) await this.followAlt(id, changes.alt);
    const alt = changes.alt;
    if (alt !== undefined) {
      for (const { kind, itemId } of this.itemsOf(
        placed.filter((place) => place.placedAlt !== alt),
      )) {
        await kind.placeAlt?.(itemId, id, alt);
      }
    }
    return this.findOne(id);
  }

  /**
   * Every field of every item that places the image, read from the items themselves, so
   * that the admin can say where ("the photos of project X") and link there: 404 if the
   * library has no such image.
   */
  async usage(id: string): Promise<MediaPlace[]> {
    const { usedBy } = await this.findOne(id);
    const places: MediaPlace[] = [];
    for (const use of usedBy) {
      const kind = this.kindOfType(use.type);
      const document = await this.db()
        .collection(kind.collection)
        .findOne({ _id: { $in: storedIdForms(use.id) as never[] } });
      if (!document) continue;
      for (const [field, value] of Object.entries(document)) {
        if (NOT_PLACES.has(field) || kind.mirrors?.includes(field)) continue;
        if (!mentionedMediaIds(value).includes(id)) continue;
        places.push({
          kind: use.type,
          id: use.id,
          title: use.name,
          field,
          placedAlt: this.placedAlt(kind, document, field, value, id),
        });
      }
    }
    return places;
  }

  /** The alt text `field` keeps for the image, or null when it shows the library's. */
  private placedAlt(
    kind: ImageShowingKind,
    document: Record<string, unknown>,
    field: string,
    value: unknown,
    mediaId: string,
  ): string | null {
    if (kind.altFollowsLibrary?.fields.includes(field)) return null;
    if (Array.isArray(value)) {
      const photo = value.find(
        (entry): entry is { mediaId: string; alt: string } =>
          Boolean(entry) && (entry as { mediaId?: unknown }).mediaId === mediaId,
      );
      return photo ? String(photo.alt ?? '') : null;
    }
    if (typeof value === 'string') {
      const tag = value.match(imageTagsOf(mediaId))?.[0];
      if (tag) return altOfTag(tag);
      return kind.ownAlt ? String(document[kind.ownAlt] ?? '') : null;
    }
    if (value && typeof value === 'object' && 'alt' in value) {
      return String((value as { alt: unknown }).alt ?? '');
    }
    return null;
  }

  /**
   * An API token changes content through the library only with the right to write each
   * kind it changes there (403 naming the first one missing), as if it edited them itself.
   */
  private assertMayEdit(user: AuthUser | undefined, places: readonly { kind: string }[]): void {
    if (!user?.token) return;
    for (const kind of new Set(places.map((place) => place.kind))) {
      const missing = missingRight(user, { entity: kind as ApiTokenEntity, rights: ['write'] });
      if (missing) throw new ForbiddenException(`This API token lacks the right ${missing}`);
    }
  }

  /** Each item among `places` once, with its kind. */
  private itemsOf(places: readonly { kind: string; id: string }[]) {
    const seen = new Map<string, { kind: ImageShowingKind; itemId: string }>();
    for (const place of places) {
      seen.set(`${place.kind}/${place.id}`, {
        kind: this.kindOfType(place.kind),
        itemId: place.id,
      });
    }
    return [...seen.values()];
  }

  private kindOfType(type: string): ImageShowingKind {
    const kind = [...this.kinds.values()].find((candidate) => candidate.type === type);
    return kind ?? { collection: type, type };
  }

  /**
   * Fields that take their alt text from the library (the home banner) take the edit too,
   * through their kind's model, so the content version moves on and cached pages show it.
   */
  private async followAlt(id: string, alt: string): Promise<void> {
    for (const { altFollowsLibrary } of this.kinds.values()) {
      if (!altFollowsLibrary) continue;
      const model = this.connection.models[altFollowsLibrary.model];
      if (!model) continue;
      for (const field of altFollowsLibrary.fields) {
        await model
          .updateOne({ [`${field}.mediaId`]: id }, { $set: { [`${field}.alt`]: alt } })
          .exec();
      }
    }
  }

  /**
   * The library image a field that holds one image asks for (the home banner), with its
   * alt text and variants: 400 naming `field` when the library has no such image.
   */
  async image(mediaId: string, field: string): Promise<Photo> {
    const item = await this.items.findById(mediaId).lean<MediaItem>().exec();
    if (!item) {
      throw new BadRequestException({
        message: 'This image is not in the media library',
        errors: { [field]: 'This image is not in the media library' },
      });
    }
    return { mediaId: item._id, alt: item.alt, media: item.media };
  }

  /**
   * Deletes an image no content shows: 409, naming where it is used, otherwise. With
   * `detach`, it is first taken out of every item that shows it, each through its kind's
   * own update (kept in that item's history); everything is checked before the first
   * change, so a refusal (403, 409) changes nothing.
   */
  async remove(id: string, { detach = false, user }: { detach?: boolean; user?: AuthUser } = {}) {
    let item = await this.findOne(id);
    if (item.usedBy.length > 0 && detach) {
      this.assertMayEdit(
        user,
        item.usedBy.map((use) => ({ kind: use.type, id: use.id })),
      );
      const items = this.itemsOf(item.usedBy.map((use) => ({ kind: use.type, id: use.id })));
      const fixed = items.filter(({ kind }) => !kind.detach);
      if (fixed.length > 0)
        this.refuseInUse(
          item.usedBy.filter((use) => fixed.some(({ itemId }) => itemId === use.id)),
        );
      for (const { kind, itemId } of items) await kind.detach?.(itemId, id);
      item = await this.findOne(id);
    }
    if (item.usedBy.length > 0) this.refuseInUse(item.usedBy);
    // The audit names the image deleted, not the last item a detach changed (a gallery
    // image's trip to the trash names itself).
    noteItemName(item.alt);
    // The record first, so that the library no longer keeps the files; the trash or an
    // earlier version may still keep them, until they let go.
    await this.items.deleteOne({ _id: id }).exec();
    await this.media.removeImage(item.media);
  }

  /**
   * The photos a save asks for (`{ mediaId, alt }`, in order) with their variants from the
   * library, or from the record's `current` photos (an image an earlier version brought
   * back): 400 naming the photo when an image is neither. An image without alt text in the
   * library takes the first alt text it is given.
   */
  async photosOf(inputs: readonly PhotoInput[], current: readonly Photo[] = []): Promise<Photo[]> {
    const ids = inputs.map((input) => input.mediaId);
    const found = await this.items
      .find({ _id: mongoose.trusted({ $in: ids }) })
      .lean<MediaItem[]>()
      .exec();
    const byId = new Map<string, { media: Media }>(current.map((photo) => [photo.mediaId, photo]));
    // A photo sent without translations keeps those it has (a client that knows no languages).
    const translated = new Map(current.map((photo) => [photo.mediaId, photo.translations]));
    for (const item of found) byId.set(item._id, item);
    const errors: Record<string, string> = {};
    inputs.forEach((input, index) => {
      if (!byId.has(input.mediaId))
        errors[`photos.${index}.mediaId`] = `Photo ${index + 1} is not in the media library`;
    });
    if (Object.keys(errors).length) {
      throw new BadRequestException({ message: Object.values(errors).join('; '), errors });
    }
    await this.offerAlts(inputs);
    return inputs.map((input) => {
      const item = byId.get(input.mediaId) as { media: Media };
      const translations = input.translations ?? translated.get(input.mediaId);
      return {
        mediaId: input.mediaId,
        alt: input.alt,
        media: item.media,
        ...(translations ? { translations } : {}),
      };
    });
  }

  /** Gives library images without alt text the alt text content gave them. */
  async offerAlts(photos: readonly { mediaId: string; alt: string }[]): Promise<void> {
    for (const { mediaId, alt } of photos) {
      if (alt) await this.items.updateOne({ _id: mediaId, alt: '' }, { $set: { alt } }).exec();
    }
  }

  /** For each image, the content that shows it. */
  private async usesOf(ids: readonly string[]): Promise<Map<string, MediaUse[]>> {
    const uses = new Map<string, MediaUse[]>();
    if (ids.length === 0) return uses;
    const references = await this.references()
      .find({ mediaIds: { $in: [...ids] } })
      .toArray();
    const names = await this.namesOf(references.map((reference) => reference._id));
    for (const reference of references) {
      const use = names.get(reference._id);
      if (!use) continue;
      for (const id of reference.mediaIds) {
        if (ids.includes(id)) uses.set(id, [...(uses.get(id) ?? []), use]);
      }
    }
    return uses;
  }

  /** 'products/<id>' → the product's type, id and name. */
  private async namesOf(keys: readonly string[]): Promise<Map<string, MediaUse>> {
    const byCollection = new Map<string, string[]>();
    for (const key of keys) {
      const [collection, id] = splitKey(key);
      byCollection.set(collection, [...(byCollection.get(collection) ?? []), id]);
    }
    const names = new Map<string, MediaUse>();
    for (const [collection, ids] of byCollection) {
      const kind = this.kinds.get(collection) ?? { collection, type: collection };
      const { nameField } = kind;
      const documents = await this.db()
        .collection(collection)
        .find({ _id: { $in: ids.flatMap(storedIdForms) as never[] } })
        .project(nameField ? { [nameField]: 1 } : { _id: 1 })
        .toArray();
      for (const document of documents) {
        const id = String(document._id);
        const name = nameField ? String(document[nameField] ?? '') : '';
        names.set(`${collection}/${id}`, {
          type: kind.type,
          id,
          name: name || (kind.singleName ?? id),
        });
      }
    }
    return names;
  }

  private refuseInUse(uses: readonly MediaUse[]): never {
    const where = uses.map((use) => this.describe(use)).join(', ');
    throw new ConflictException({
      message: `This image is still used by ${where}: remove it from there first`,
      errors: { usedBy: where },
    });
  }

  /** How a refusal names a use: 'project "Bagru Print"', or a kind's only item's name. */
  private describe(use: MediaUse): string {
    const kind = this.kindOfType(use.type);
    if (kind.singleName) return `the ${kind.singleName.toLowerCase()}`;
    return `${kind.noun ?? use.type} "${use.name}"`;
  }

  private references() {
    return this.db().collection<MediaReference>(MEDIA_REFERENCES_COLLECTION);
  }

  private db() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db;
  }
}
