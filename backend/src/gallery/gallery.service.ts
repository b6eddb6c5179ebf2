import {
  BadRequestException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, SortOrder } from 'mongoose';
import { noteChangedFields } from '../audit/audit-note';
import { ContentOrder } from '../content/content-order';
import { coverFileName } from '../content/content-photos';
import { listQuery, readPage, type ListOptions, type Page } from '../common/http/list-query';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { missingLocale, SiteLanguages, siteLocale } from '../common/i18n/site-languages';
import {
  assertSiteTranslations,
  localize,
  mergedTranslations,
  missingFilter,
  translationStatus,
  withoutTranslations,
} from '../common/i18n/translations';
import type { PhotoInput } from '../media/library/dto/photo.dto';
import { MediaLibraryService } from '../media/library/media-library.service';
import { MediaService, type UploadedImage } from '../media/media.service';
import { TrashService } from '../trash/trash.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import type { QueryGalleryDto } from './dto/query-gallery.dto';
import type { UpdateGalleryImageDto } from './dto/update-gallery-image.dto';
import {
  GALLERY_TRANSLATABLE,
  GalleryImage,
  type GalleryImageDocument,
} from './schemas/gallery-image.schema';

const LIST_OPTIONS: ListOptions = {
  sortable: ['order', 'createdAt', 'updatedAt'],
  searchable: ['alt'],
  defaultSort: 'order',
};

@Injectable()
export class GalleryService implements OnModuleInit {
  /**
   * The gallery's order, 0..n-1 over all images, kept as the content lists keep theirs: new
   * images at the end, a move renumbers, and the rest close up behind one that leaves. Ties
   * left by concurrent uploads fall back to upload time.
   */
  private readonly ordering: ContentOrder<GalleryImage>;

  constructor(
    @InjectModel(GalleryImage.name) private readonly model: Model<GalleryImage>,
    private readonly media: MediaService,
    private readonly library: MediaLibraryService,
    private readonly trash: TrashService,
    private readonly events: DomainEventsService,
    private readonly siteLanguages: SiteLanguages,
  ) {
    this.ordering = new ContentOrder(model, { ...LIST_OPTIONS, label: 'Gallery image' });
  }

  onModuleInit() {
    // Gallery images have no published state: no published or unpublished events.
    this.events.register({ kind: 'gallery', nameField: 'alt', publishable: false });
    // A restored image goes back to its place; the images after it move down one again.
    this.trash.onRestore('gallery', async (id, document) => {
      await this.ordering.move(id, { order: Number(document.order) || 0 });
    });
  }

  /**
   * One page of the gallery: in `?locale=` (one of the site's) each alt text in that
   * language, falling back to the default one's; an administrator reading no language gets
   * every language and what is still untranslated; a visitor, the default language only.
   */
  async list(query: QueryGalleryDto, viewer?: AuthUser): Promise<Page<Record<string, unknown>>> {
    const { filter: listed, sort, skip, limit } = listQuery<GalleryImage>(query, LIST_OPTIONS);
    const languages = await this.siteLanguages.languages();
    const locale = siteLocale(query.locale, languages);
    const missing = missingLocale(query.missing, languages);
    const filter = missing
      ? { $and: [listed, missingFilter(GALLERY_TRANSLATABLE, missing)] }
      : listed;
    // Ties (equal orders) fall back to upload time, then _id.
    const ordered: Record<string, SortOrder> = { ...sort };
    delete ordered._id;
    ordered.createdAt ??= 1;
    ordered._id = 1;
    return readPage(
      { skip, limit },
      (window) =>
        this.model
          .find(filter)
          .sort(ordered)
          .skip(skip)
          .limit(window)
          .lean<Record<string, unknown>[]>()
          .exec()
          .then((images) =>
            images.map((image) => this.answerFor(image, languages, locale, viewer)),
          ),
      () => this.model.countDocuments(filter).exec(),
    );
  }

  /** An image as its reader gets it (see list). */
  private answerFor(
    image: Record<string, unknown>,
    languages: string[],
    locale: string | undefined,
    viewer?: AuthUser,
  ): Record<string, unknown> {
    if (locale !== undefined) {
      const localized = localize(image, GALLERY_TRANSLATABLE, locale, languages[0]);
      return { ...localized.doc, locale, fallbackFields: localized.fallbackFields };
    }
    if (!viewer?.isAdmin) return withoutTranslations(image, GALLERY_TRANSLATABLE, languages[0]);
    return {
      ...image,
      translations: image.translations ?? {},
      translationStatus: translationStatus(image, GALLERY_TRANSLATABLE, languages),
    };
  }

  /** A saved image, as an administrator reads it. */
  async adminView(doc: GalleryImageDocument): Promise<Record<string, unknown>> {
    const languages = await this.siteLanguages.languages();
    return this.answerFor(
      doc.toObject() as unknown as Record<string, unknown>,
      languages,
      undefined,
      { isAdmin: true } as AuthUser,
    );
  }

  async findById(id: string): Promise<GalleryImageDocument> {
    const doc = await this.model.findById(id).exec();
    if (!doc) throw new NotFoundException('Gallery image not found');
    return doc;
  }

  /**
   * Adds images at the end of the gallery: the library's (`photos`, each with its alt
   * text) first, then uploaded files, with one alt text for all files or one each. All or
   * nothing: if any file is refused, the files already stored go again.
   */
  async create(
    files: UploadedImage[],
    alts: string[],
    photos: PhotoInput[] = [],
  ): Promise<GalleryImageDocument[]> {
    if (files.length === 0 && photos.length === 0) {
      throw new BadRequestException({
        message: 'Choose at least one image',
        errors: { images: 'Choose at least one image' },
      });
    }
    if (files.length > 0 && alts.length !== 1 && alts.length !== files.length) {
      const message = `Give one alt text for all images or one per image (${files.length} images, ${alts.length} alt texts)`;
      throw new BadRequestException({ message, errors: { alt: message } });
    }
    const picked = await this.library.photosOf(photos);

    const created = await this.media.withStoredImages(files, async (stored) => {
      const { order: start = 0 } = await this.ordering.placeOf({});
      const uploaded = stored.map(({ media }, index) => ({
        media,
        alt: alts.length === 1 ? alts[0] : alts[index],
      }));
      await this.library.offerAlts(uploaded.map(({ media, alt }) => ({ mediaId: media.id, alt })));
      return this.model.insertMany(
        [...picked, ...uploaded].map(({ media, alt }, index) => ({
          image: coverFileName(media),
          media,
          alt,
          order: start + index,
        })),
      );
    });
    for (const image of created) {
      await this.events.created('gallery', image.toObject());
    }
    return created;
  }

  /** Changes the alt text and/or moves the image; the others shift to keep 0..n-1. */
  async update(id: string, dto: UpdateGalleryImageDto): Promise<GalleryImageDocument> {
    let doc = await this.findById(id);
    const before = doc.toObject();
    if (dto.translations) {
      assertSiteTranslations(dto.translations, await this.siteLanguages.languages());
      doc.set('translations', mergedTranslations(doc.translations, dto.translations));
    }
    if (dto.alt !== undefined) doc.alt = dto.alt;
    if (dto.alt !== undefined || dto.translations) {
      noteChangedFields(doc.modifiedPaths());
      await doc.save();
    }
    if (dto.order !== undefined) {
      if (dto.order !== doc.order) noteChangedFields(['position']);
      await this.ordering.move(String(doc._id), { order: dto.order });
      doc = await this.findById(id);
    }
    await this.events.updated('gallery', before, doc.toObject());
    return doc;
  }

  /** Moves the image to the trash (its files stay until it is purged); the images after it move up. */
  async remove(id: string): Promise<void> {
    const doc = await this.findById(id);
    await this.trash.discard(doc);
    await this.ordering.closeBehind(doc.toObject());
  }
}
