import { Inject, NotFoundException } from '@nestjs/common';
import mongoose, { type Model, type mongo } from 'mongoose';
import type { Media } from '../media/media.types';
import { Clock } from '../common/clock/clock';
import { missingLocale, SiteLanguages, siteLocale } from '../common/i18n/site-languages';
import {
  localize,
  missingFilter,
  translationStatus,
  type TranslatableShape,
} from '../common/i18n/translations';
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

/**
 * An item as a read answers it: its BSON bytes as stored (a visitor's read in the default
 * language, written out as they are), or the object made for the reader (in a language, or
 * an administrator's, with every language and what is still untranslated).
 */
export type Answered = Buffer | Record<string, unknown>;

/** What `/single…/{value}` leads to: the item, or the current slug of one that moved. */
export type Resolved = { item: Answered } | { movedTo: string };

type Doc = Record<string, unknown>;

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
  /** The kind's texts with a value per language (products, services); none: one language. */
  translatable?: TranslatableShape;
}

/** What visitors never read of a translated item without `?locale=`: the other languages. */
const WITHOUT_TRANSLATIONS = { translations: 0, 'photos.translations': 0 } as const;

/**
 * What visitors and editors read of a content entity: visitors see published items only,
 * in lists with paging/sort/search/category, by id, or by slug (an earlier slug leads on).
 */
export abstract class ContentReads<T> {
  /** Property-injected, so that the entities' constructors stay about their own needs. */
  @Inject(Clock) protected readonly clock!: Clock;
  @Inject(SiteLanguages) protected readonly siteLanguages!: SiteLanguages;

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

  /**
   * One page for the viewer: a visitor's in the default language as each item's BSON bytes,
   * for `sendJson`; in `?locale=`, or an administrator's, as the objects answered.
   */
  async list(query: ContentListQueryDto, viewer?: AuthUser): Promise<Page<Answered>> {
    const { filter, sort, skip, limit } = listQuery<T>(query, this.options);
    const reading = await this.readingFor(viewer, query.locale);
    if (reading.locale) this.inLanguage(filter as Doc, query, reading.locale, reading.languages);
    const missing = this.options.translatable
      ? missingLocale(query.missing, reading.languages ?? (await this.siteLanguages.languages()))
      : undefined;
    const listed = { ...filter, ...this.listedFor(query, viewer) } as Doc;
    const visible = (
      missing && this.options.translatable
        ? { $and: mongoose.trusted([listed, missingFilter(this.options.translatable, missing)]) }
        : listed
    ) as mongo.Filter<mongo.Document>;
    const options = { sort: sort as Record<string, 1 | -1>, skip };
    return readPage<Answered>(
      { skip, limit },
      async (window) =>
        reading.languages
          ? (
              await this.stored()
                .find(visible, { ...options, limit: window })
                .toArray()
            ).map((doc) => this.answerFor(doc as Doc, reading))
          : ((await this.stored()
              .find(visible, { ...AS_BYTES, ...options, limit: window, ...this.hidden() })
              .toArray()) as unknown as Buffer[]),
      () => this.model.countDocuments(visible).exec(),
    );
  }

  /** For reading only: the item, as the list gives it. */
  async findById(id: string, viewer?: AuthUser, locale?: string): Promise<Answered> {
    const filter = { _id: asObjectId(id), ...this.visibleTo(viewer) };
    const reading = await this.readingFor(viewer, locale);
    if (!reading.languages) return this.found(await this.bytesOfOne(filter));
    const doc = await this.stored().findOne(filter as mongo.Filter<mongo.Document>);
    if (!doc) throw new NotFoundException(`${this.options.label} not found`);
    return this.answerFor(doc, reading);
  }

  /** An item just saved, as an administrator reads it: with every language and its status. */
  async adminView(doc: Doc): Promise<Doc> {
    if (!this.options.translatable) return doc;
    return this.answerFor(doc, { languages: await this.siteLanguages.languages() });
  }

  /**
   * How the viewer reads: `languages` set when the answer is made as an object (a language
   * asked for, which must be one of the site's, or an administrator's read of a translated
   * kind), unset for a visitor's read in the default language, the bytes as stored.
   */
  private async readingFor(
    viewer: AuthUser | undefined,
    locale: string | undefined,
  ): Promise<{ locale?: string; languages?: string[] }> {
    if (locale === undefined && !(viewer?.isAdmin && this.options.translatable)) return {};
    const languages = await this.siteLanguages.languages();
    return { locale: siteLocale(locale, languages), languages };
  }

  /** A visitor's read leaves out the other languages, which only administrators read. */
  private hidden(): { projection?: Doc } {
    return this.options.translatable ? { projection: WITHOUT_TRANSLATIONS } : {};
  }

  /**
   * In a language, `?category` and `?q` also match the texts in it: the language's pages
   * show (and link to) the translated category.
   */
  private inLanguage(
    filter: Doc,
    query: ContentListQueryDto,
    locale: string,
    languages?: string[],
  ): void {
    const { translatable, categoryField } = this.options;
    if (!translatable || !languages || locale === languages[0]) return;
    const translated = (field: string) => `translations.${locale}.${field}`;
    const either: Doc[] = [];
    if (query.category && categoryField) {
      delete filter[categoryField];
      either.push({
        $or: mongoose.trusted([
          { [categoryField]: query.category },
          { [translated(categoryField)]: query.category },
        ]),
      });
    }
    if (Array.isArray(filter.$or)) {
      const searched = filter.$or as Doc[];
      delete filter.$or;
      const more = searched.flatMap((condition) =>
        Object.entries(condition)
          .filter(([field]) => translatable.texts.includes(field))
          .map(([field, pattern]) => ({ [translated(field)]: pattern })),
      );
      either.push({ $or: mongoose.trusted([...searched, ...more]) });
    }
    if (either.length) filter.$and = mongoose.trusted(either);
  }

  /**
   * The item as the reader gets it: in `locale` with its fallbacks, `locale`,
   * `fallbackFields` and `slugs` (no other language's texts); or, for an administrator
   * reading no language, whole, with `translations` and `translationStatus`.
   */
  private answerFor(doc: Doc, reading: { locale?: string; languages?: string[] }): Doc {
    const shape = this.options.translatable;
    const languages = reading.languages ?? [];
    if (!shape)
      return reading.locale ? { ...doc, locale: reading.locale, fallbackFields: [] } : doc;
    if (reading.locale === undefined) {
      return {
        ...doc,
        translations: withoutSlugHistories(doc.translations),
        translationStatus: translationStatus(doc, shape, languages),
      };
    }
    const localized = localize(doc, shape, reading.locale, languages[0]);
    return {
      ...localized.doc,
      locale: reading.locale,
      fallbackFields: localized.fallbackFields,
      slugs: slugsOf(doc, languages),
    };
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
  async resolve(value: string, viewer?: AuthUser, locale?: string): Promise<Resolved> {
    const visible = this.visibleTo(viewer);
    const slug = value.toLowerCase();
    const { nameField } = this.options;
    const reading = await this.readingFor(viewer, locale);
    // In another language, its own slug first (an item may have one), then the default's.
    const other =
      reading.locale && reading.locale !== reading.languages?.[0] ? reading.locale : undefined;
    const filters: Doc[] = [
      ...(other ? [{ [`translations.${other}.slug`]: slug }] : []),
      { slug },
      ...(nameField ? [{ [nameField]: value }] : []),
    ];
    for (const filter of filters) {
      if (!reading.languages) {
        const bytes = await this.bytesOfOne({ ...filter, ...visible });
        if (bytes) return { item: bytes };
        continue;
      }
      const doc = await this.stored().findOne({ ...filter, ...visible });
      if (doc) return { item: this.answerFor(doc, reading) };
    }
    // An old link by name ("Sky Poplin") is found by the slug that name had.
    const earlier = mongoose.trusted({ $in: [...new Set([slug, slugify(value)])] });
    const moved = await this.model
      .findOne({
        $or: mongoose.trusted([
          ...(other ? [{ [`translations.${other}.slugHistory`]: earlier }] : []),
          { slugHistory: earlier },
        ]),
        ...visible,
      })
      .select({ slug: 1, translations: 1 })
      .lean<Doc>()
      .exec();
    // …and leads to the item's slug in the language asked for.
    if (moved) return { movedTo: other ? slugsOf(moved, [other])[other] : String(moved.slug) };
    throw new NotFoundException(`${this.options.label} not found`);
  }

  /**
   * Distinct values of `field` in use among visible items, with a count and a cover; in a
   * language (`?locale=`), with the name its items give the value there (`translated`).
   */
  protected async groupsOf(field: string, imageField: string, viewer?: AuthUser, locale?: string) {
    const reading = await this.readingFor(undefined, locale);
    const other =
      reading.locale && reading.locale !== reading.languages?.[0] ? reading.locale : undefined;
    return this.model
      .aggregate<{
        _id: string;
        count: number;
        image?: string;
        media?: Media;
        translated?: string;
      }>([
        { $match: { ...this.visibleTo(viewer), [field]: mongoose.trusted({ $nin: [null, ''] }) } },
        { $sort: { createdAt: 1, _id: 1 } },
        {
          $group: {
            _id: `$${field}`,
            count: { $sum: 1 },
            image: { $first: `$${imageField}` },
            media: { $first: '$media' },
            ...(other ? { translated: { $max: `$translations.${other}.${field}` } } : {}),
          },
        },
        { $sort: { _id: 1 } },
      ])
      .exec();
  }

  private async bytesOfOne(filter: Record<string, unknown>): Promise<Buffer | null> {
    return (await this.stored().findOne(filter, {
      ...AS_BYTES,
      ...this.hidden(),
    })) as Buffer | null;
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

/** The item's slug in each of `languages`: its own in that language, else the default one. */
export function slugsOf(doc: Doc, languages: readonly string[]): Record<string, string> {
  const translations = (doc.translations ?? {}) as Record<string, { slug?: unknown }>;
  return Object.fromEntries(
    languages.map((code) => {
      const own = translations[code]?.slug;
      return [code, typeof own === 'string' && own ? own : String(doc.slug ?? '')];
    }),
  );
}

/** An administrator's `translations`, without the slug histories kept inside for redirects. */
function withoutSlugHistories(translations: unknown): Doc {
  if (!translations || typeof translations !== 'object') return {};
  return Object.fromEntries(
    Object.entries(translations as Record<string, Doc>).map(([code, texts]) => {
      const { slugHistory: _history, ...rest } = texts ?? {};
      return [code, rest];
    }),
  );
}
