import {
  BadRequestException,
  ConflictException,
  Inject,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import type { TrashType } from '@vitrine/contracts';
import mongoose, { type HydratedDocument, type Model } from 'mongoose';
import { ContentScheduleService } from '../cache/content-schedule.service';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import {
  imageTagsOf,
  MediaLibraryService,
  type Photo,
} from '../media/library/media-library.service';
import type { MediaService, UploadedImage } from '../media/media.service';
import type { Media, StoredImage } from '../media/media.types';
import { RevisionsService } from '../revisions/revisions.service';
import { slugClash, textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import { ContentOrder, type Move } from './content-order';
import { photoFields, photosOf, type ContentInput } from './content-photos';
import { ContentReads, type Answered, type ContentOptions } from './content-reads';
import type { Placement } from './placement';
import { slugTaken, uniqueSlug } from '../common/slug/slug';
import { TranslatedKinds } from '../common/i18n/translated-kinds';
import { assertSiteTranslations } from '../common/i18n/translations';
import type { PhotoInput } from '../media/library/dto/photo.dto';

type Doc = Record<string, unknown>;
const docOf = (value: unknown): Doc =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {};

/** Fields every piece of published content has. */
export interface ContentFields extends Placement {
  published: boolean;
  slug?: string;
  slugHistory?: string[];
}

/**
 * The CRUD shape the content entities share: the reads (ContentReads), slugs kept unique,
 * images replaced together with their records, the hand-made orders kept (ContentOrder),
 * and deletion into the trash.
 */
export abstract class ContentService<T extends ContentFields>
  extends ContentReads<T>
  implements OnModuleInit
{
  /** Property-injected, so that the entities' constructors stay about their own needs. */
  @Inject(TrashService) protected readonly trash!: TrashService;
  @Inject(RevisionsService) protected readonly revisions!: RevisionsService;
  @Inject(MediaLibraryService) protected readonly library!: MediaLibraryService;
  @Inject(ContentScheduleService) private readonly schedule!: ContentScheduleService;
  @Inject(DomainEventsService) private readonly events!: DomainEventsService;
  @Inject(TranslatedKinds) private readonly translatedKinds!: TranslatedKinds;
  /** Each item's place in its list and among the featured. */
  protected readonly ordering: ContentOrder<T>;

  protected constructor(
    model: Model<T>,
    protected readonly media: MediaService,
    options: ContentOptions,
  ) {
    super(model, options);
    this.ordering = new ContentOrder(model, options);
  }

  /**
   * Tells the trash, the revisions, the media library and (for a kind with publish-at
   * moments) the content schedule, which know no entity, what this kind is: all of it is
   * the service's own (its model, its label, its name field), so no entity says it again.
   * The kind is its label in lower case ('product'), as its history's routes name it.
   */
  onModuleInit(): void {
    const { label, nameField, trashNameField } = this.options;
    const type = label.toLowerCase() as TrashType;
    const model = this.model.modelName;
    const collection = this.model.collection.collectionName;
    const named = nameField ?? trashNameField;
    this.trash.register({
      type,
      model,
      collection,
      label,
      name: (document) => (named ? textOf(document[named]) : ''),
      ...(nameField ? { unique: slugClash(label), keepsSlugHistory: true } : { unique: {} }),
    });
    this.revisions.register({ entity: type, model, collection, label, trashType: type });
    const shape = this.options.translatable;
    if (shape) {
      const noun = this.options.noun ?? type;
      this.translatedKinds.add({
        collection,
        label: noun,
        shape,
        revisions: type,
        trashType: type,
      });
    }
    this.library.register({
      collection,
      type,
      nameField: named,
      noun: this.options.noun ?? type,
      mirrors: this.mirroredImageFields(),
      detach: (id, mediaId) => this.editImage(id, mediaId, null),
      placeAlt: (id, mediaId, alt) => this.editImage(id, mediaId, alt),
    });
    const scheduled = Boolean(this.model.schema.path('publishAt'));
    if (scheduled) this.schedule.register((now) => this.nextPublishAt(now));
    this.events.register({
      kind: type,
      nameField: named,
      publishable: true,
      ...(scheduled ? { publishedBetween: (from, to) => this.publishedBetween(from, to) } : {}),
    });
  }

  /** The published items whose publish-at moment falls in (from, to]. */
  private publishedBetween(from: Date, to: Date): Promise<Record<string, unknown>[]> {
    return this.model.collection
      .find<Record<string, unknown>>({ published: true, publishAt: { $gt: from, $lte: to } })
      .toArray();
  }

  /** The update route's save (each kind's own: an upload differs), which the library's edits go through. */
  abstract update(id: string, dto: object): Promise<unknown>;

  /** Fields that only repeat the photos' files for older clients: not places of their own. */
  protected mirroredImageFields(): string[] {
    return this.options.imageField ? [this.options.imageField] : [];
  }

  /** The record's photos as stored (one saved before photos existed: its cover). */
  protected currentPhotos(document: Record<string, unknown>): Photo[] {
    return photosOf(document, this.nameIn(document as ContentInput<T>));
  }

  /**
   * Takes the library image `mediaId` out of the record (`alt` null) or gives its placed
   * copies the alt text `alt`: its photos and the `<img>` tags of its rich text, saved
   * through the kind's update, so the edit is kept in the history like the admin's own.
   */
  private async editImage(id: string, mediaId: string, alt: string | null): Promise<void> {
    const document = await this.model.findById(id).lean<Record<string, unknown>>().exec();
    if (!document) return;
    const changes: Record<string, unknown> = {};
    const photos = this.currentPhotos(document);
    if (photos.some((photo) => photo.mediaId === mediaId)) {
      changes.photos = photos.flatMap((photo) => {
        if (photo.mediaId !== mediaId) return [{ mediaId: photo.mediaId, alt: photo.alt }];
        return alt === null ? [] : [{ mediaId, alt }];
      });
    }
    for (const [field, value] of Object.entries(document)) {
      if (typeof value !== 'string') continue;
      const edited = value.replace(imageTagsOf(mediaId), (tag) =>
        alt === null ? '' : withAltText(tag, alt),
      );
      if (edited !== value) changes[field] = edited;
    }
    if (Object.keys(changes).length > 0) await this.update(id, changes);
  }

  /** Tells the webhooks of a new item (the one place each entity's creation goes through). */
  protected async announceCreated(doc: HydratedDocument<T>): Promise<void> {
    await this.events.created(this.kind, doc.toObject());
  }

  /** Tells the webhooks of a saved change: updated, or published/unpublished if it flipped. */
  protected async announceUpdated(before: unknown, doc: HydratedDocument<T>): Promise<void> {
    await this.events.updated(this.kind, before as object, doc.toObject());
  }

  private get kind(): string {
    return this.options.label.toLowerCase();
  }

  /** When the next published item whose publish-at moment is still to come appears. */
  private async nextPublishAt(now: Date): Promise<Date | undefined> {
    const next = await this.model.collection
      .find<{ publishAt: Date }>({ published: true, publishAt: { $gt: now } })
      .sort({ publishAt: 1 })
      .limit(1)
      .project<{ publishAt: Date }>({ publishAt: 1 })
      .next();
    return next?.publishAt;
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
    await this.ordering.closeBehind(before);
  }

  /**
   * Moves an item in its list (its category's, for products) or among the featured ones,
   * and answers it at its new place.
   */
  async move(id: string, move: Move): Promise<Answered> {
    await this.ordering.move(id, move);
    return this.findById(id, { isAdmin: true } as AuthUser);
  }

  /**
   * Creates a record with its photos (library images, `photos`) and an uploaded image
   * (`Userimg`), which becomes the cover. If the record cannot be saved, the upload goes.
   */
  protected async createWith(
    fields: ContentInput<T>,
    file: UploadedImage | undefined,
  ): Promise<HydratedDocument<T>> {
    const created = await this.media.withStoredImages(file ? [file] : [], async ([image]) => {
      const {
        slug: chosen,
        translations: given,
        ...rest
      } = fields as ContentInput<T> & {
        slug?: unknown;
        translations?: Doc;
      };
      const translations = await this.savedTranslations(undefined, given, rest.photos);
      const name = this.nameIn(fields);
      let slug: string | undefined;
      if (typeof chosen === 'string') {
        await this.assertSlugFree(chosen);
        slug = chosen;
      } else if (this.options.nameField) {
        slug = await uniqueSlug(this.model, name);
      }
      return this.model.create({
        ...this.coverNamed(
          await this.withPhotos(rest as ContentInput<T>, image, [], name, true),
          image ? translations : undefined,
        ),
        ...(await this.ordering.placeOf(fields as Partial<T>)),
        ...(slug ? { slug } : {}),
        ...(translations && Object.keys(translations).length ? { translations } : {}),
      });
    });
    await this.announceCreated(created);
    return created;
  }

  /** A slug set by hand must be no other item's address, now or before: 409 naming `slug`. */
  protected async assertSlugFree(slug: string, exceptId?: string): Promise<void> {
    if (!(await slugTaken(this.model, slug, exceptId))) return;
    // Named by no entity: the admin calls products "projects", and the API's label stays.
    const message = 'Another page has this address (now or before): choose another slug';
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
      const {
        slug: chosen,
        translations: given,
        ...rest
      } = fields as ContentInput<T> & {
        slug?: unknown;
        translations?: Doc;
      };
      const translations = await this.savedTranslations(
        (before as unknown as Doc).translations,
        given,
        rest.photos,
        String(doc._id),
        this.currentPhotos(before as unknown as Doc),
      );
      const nameField = this.options.nameField;
      const newName = nameField ? (rest as Record<string, unknown>)[nameField] : undefined;
      const renamed =
        nameField !== undefined && typeof newName === 'string' && newName !== doc.get(nameField);
      const name = this.nameIn(fields) || this.nameIn(before as ContentInput<T>);
      doc.set({
        ...this.coverNamed(
          await this.withPhotos(rest as ContentInput<T>, image, photosOf(before, name), name),
          image ? (translations ?? (before as unknown as Doc).translations) : undefined,
        ),
        ...(await this.ordering.placeOf(fields as Partial<T>, before)),
      });
      if (translations) {
        doc.set('translations', Object.keys(translations).length ? translations : undefined);
      }
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
    await this.ordering.closeGaps(before, doc.toObject());
    await this.announceUpdated(before, doc);
    return doc;
  }

  /**
   * The translations a save stores (undefined: it leaves them as they are). Each language
   * the body names replaces the stored one, the others stay; the site's languages only.
   * A language's `slug` left out keeps the one it has, '' drops it (the default slug then
   * serves that language); a changed one goes into that language's `slugHistory`, whose
   * links answer 301 to the new one.
   */
  private async savedTranslations(
    stored: unknown,
    given: Doc | undefined,
    photos: PhotoInput[] | undefined,
    exceptId?: string,
    currentPhotos: Photo[] = [],
  ): Promise<Doc | undefined> {
    if (!this.options.translatable) return undefined;
    const photoTranslations = (photos ?? []).filter((photo) => photo.translations);
    if (!given && photoTranslations.length === 0) return undefined;
    const languages = await this.siteLanguages.languages();
    assertSiteTranslations(given, languages, stored);
    (photos ?? []).forEach((photo, index) => {
      try {
        const stored = currentPhotos.find((current) => current.mediaId === photo.mediaId);
        assertSiteTranslations(photo.translations, languages, stored?.translations);
      } catch (error) {
        if (!(error instanceof BadRequestException)) throw error;
        const answer = error.getResponse() as { errors: Record<string, string> };
        const errors = Object.fromEntries(
          Object.entries(answer.errors).map(([key, message]) => [
            `photos.${index}.${key}`,
            message,
          ]),
        );
        throw new BadRequestException({ message: Object.values(errors).join('; '), errors });
      }
    });
    if (!given) return undefined;
    const current = docOf(stored);
    const next: Doc = { ...current };
    for (const [code, value] of Object.entries(given)) {
      const texts = docOf(value);
      const before = docOf(current[code]);
      const earlier = Array.isArray(before.slugHistory) ? (before.slugHistory as string[]) : [];
      const previous = typeof before.slug === 'string' ? before.slug : '';
      const slug = 'slug' in texts ? String(texts.slug ?? '') : previous;
      if (slug && slug !== previous) await this.assertTranslatedSlugFree(code, slug, exceptId);
      const history = [
        ...(previous && previous !== slug ? [previous] : []),
        ...earlier.filter((old) => old !== slug && old !== previous),
      ];
      const { slug: _slug, slugHistory: _history, ...rest } = texts;
      // A text left empty is no translation (the default language's shows): not stored, so
      // that a form sending a language untouched changes nothing (no revision, no audit field).
      const written = Object.entries(rest).filter(
        ([, text]) => typeof text !== 'string' || text.trim() !== '',
      );
      const language = {
        ...Object.fromEntries(written),
        ...(slug ? { slug } : {}),
        ...(history.length ? { slugHistory: history } : {}),
      };
      if (Object.keys(language).length) next[code] = language;
      else delete next[code];
    }
    return next;
  }

  /**
   * A language's slug must lead to this item alone in that language: no other item's slug
   * in it, now or before, nor another's default slug (which serves a language without its
   * own). 409 naming `translations.{code}.slug`.
   */
  private async assertTranslatedSlugFree(code: string, slug: string, exceptId?: string) {
    const taken = await this.model
      .exists({
        $or: [
          { [`translations.${code}.slug`]: slug },
          { [`translations.${code}.slugHistory`]: slug },
          { slug },
          { slugHistory: slug },
        ],
        ...(exceptId
          ? { _id: mongoose.trusted({ $ne: new mongoose.Types.ObjectId(exceptId) }) }
          : {}),
      } as never)
      .exec();
    if (!taken) return;
    const message =
      'Another page has this address in this language (now or before): choose another slug';
    throw new ConflictException({ message, errors: { [`translations.${code}.slug`]: message } });
  }

  private nameIn(fields: ContentInput<T>): string {
    const name = this.options.nameField
      ? (fields as Record<string, unknown>)[this.options.nameField]
      : undefined;
    return typeof name === 'string' ? name : '';
  }

  /**
   * An uploaded cover's alt text is the item's name (photoFields): in each language, the
   * name in that language, so that the cover says the same in every one.
   */
  private coverNamed(fields: Partial<T>, translations: unknown): Partial<T> {
    const nameField = this.options.nameField;
    const photos = (fields as { photos?: Photo[] }).photos;
    if (!nameField || !translations || !photos?.[0]) return fields;
    const alts = Object.entries(docOf(translations)).flatMap(([code, texts]) => {
      const name = docOf(texts)[nameField];
      return typeof name === 'string' && name ? [[code, { alt: name }]] : [];
    });
    if (alts.length === 0) return fields;
    const [cover, ...rest] = photos;
    return {
      ...fields,
      photos: [
        { ...cover, translations: { ...cover.translations, ...Object.fromEntries(alts) } },
        ...rest,
      ],
    } as Partial<T>;
  }

  /** The fields to save, with the photos and the fields that show the cover (content-photos.ts). */
  private async withPhotos(
    fields: ContentInput<T>,
    image: StoredImage | undefined,
    current: Photo[],
    name: string,
    creating = false,
  ): Promise<Partial<T>> {
    const { photos: requested, ...rest } = fields;
    const { imageField } = this.options;
    if (!imageField) return fields as Partial<T>;
    const shown = await photoFields(this.library, imageField, {
      requested,
      image,
      current,
      name,
      creating,
    });
    return { ...rest, ...shown } as Partial<T>;
  }

  /** Every image a record holds, so deleting or replacing it leaves no files behind. */
  protected mediaOf(doc: HydratedDocument<T>): Media[] {
    const media = (doc as unknown as { media?: Media | Media[] }).media;
    if (!media) return [];
    return Array.isArray(media) ? media : [media];
  }
}

/** A sanitised `<img>` tag with its alt attribute set to `alt`, escaped. */
function withAltText(tag: string, alt: string): string {
  const escaped = alt
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return /\balt="[^"]*"/.test(tag)
    ? tag.replace(/\balt="[^"]*"/, `alt="${escaped}"`)
    : tag.replace(/^<img\b/, `<img alt="${escaped}"`);
}
