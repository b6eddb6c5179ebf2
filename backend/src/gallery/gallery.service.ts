import {
  BadRequestException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model, SortOrder } from 'mongoose';
import { noteChangedFields } from '../audit/audit-note';
import { coverFileName } from '../content/content-photos';
import { listQuery, readPage, type ListOptions, type Page } from '../common/http/list-query';
import type { PhotoInput } from '../media/library/dto/photo.dto';
import { MediaLibraryService } from '../media/library/media-library.service';
import { MediaService, type UploadedImage } from '../media/media.service';
import { TrashService } from '../trash/trash.service';
import type { QueryGalleryDto } from './dto/query-gallery.dto';
import type { UpdateGalleryImageDto } from './dto/update-gallery-image.dto';
import { GalleryImage, type GalleryImageDocument } from './schemas/gallery-image.schema';

const LIST_OPTIONS: ListOptions = {
  sortable: ['order', 'createdAt', 'updatedAt'],
  searchable: ['alt'],
  defaultSort: 'order',
};

/** Gallery order: position, then (for a tie left by two concurrent uploads) upload time. */
const GALLERY_ORDER: Record<string, SortOrder> = { order: 1, createdAt: 1, _id: 1 };

@Injectable()
export class GalleryService implements OnModuleInit {
  constructor(
    @InjectModel(GalleryImage.name) private readonly model: Model<GalleryImage>,
    private readonly media: MediaService,
    private readonly library: MediaLibraryService,
    private readonly trash: TrashService,
  ) {}

  onModuleInit() {
    // A restored image goes back to its place; the images after it move down one again.
    this.trash.onRestore('gallery', async (id, document) => {
      await this.renumber({ id, position: Number(document.order) || 0 });
    });
  }

  async list(query: QueryGalleryDto): Promise<Page<GalleryImage>> {
    const { filter, sort, skip, limit } = listQuery<GalleryImage>(query, LIST_OPTIONS);
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
          .lean<GalleryImage[]>()
          .exec(),
      () => this.model.countDocuments(filter).exec(),
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

    return this.media.withStoredImages(files, async (stored) => {
      const last = await this.model
        .findOne()
        .sort({ order: -1 })
        .select('order')
        .lean<{ order: number }>()
        .exec();
      const start = last ? last.order + 1 : 0;
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
  }

  /** Changes the alt text and/or moves the image; the others shift to keep 0..n-1. */
  async update(id: string, dto: UpdateGalleryImageDto): Promise<GalleryImageDocument> {
    const doc = await this.findById(id);
    if (dto.alt !== undefined) {
      doc.alt = dto.alt;
      noteChangedFields(doc.modifiedPaths());
      await doc.save();
    }
    if (dto.order !== undefined) {
      if (dto.order !== doc.order) noteChangedFields(['position']);
      await this.renumber({ id: String(doc._id), position: dto.order });
      return this.findById(id);
    }
    return doc;
  }

  /** Moves the image to the trash (its files stay until it is purged); the images after it move up. */
  async remove(id: string): Promise<void> {
    const doc = await this.findById(id);
    await this.trash.discard(doc);
    await this.renumber();
  }

  /**
   * Rewrites `order` as 0..n-1 in gallery order, after putting `move.id` at `move.position`
   * (or last, if that is past the end). Only the orders that change are written. Reading
   * the whole gallery is fine at its size (tens of images) and also mends any gap or tie.
   */
  private async renumber(move?: { id: string; position: number }): Promise<void> {
    const images = await this.model
      .find()
      .sort(GALLERY_ORDER)
      .select('_id order')
      .lean<{ _id: unknown; order: number }[]>()
      .exec();
    const ids = images.map((image) => String(image._id));
    if (move) {
      const from = ids.indexOf(move.id);
      if (from >= 0) {
        ids.splice(from, 1);
        ids.splice(Math.min(move.position, ids.length), 0, move.id);
      }
    }
    const current = new Map(images.map((image) => [String(image._id), image.order]));
    const writes: AnyBulkWriteOperation<GalleryImage>[] = ids.flatMap((id, order) =>
      current.get(id) === order
        ? []
        : [{ updateOne: { filter: { _id: id }, update: { $set: { order } } } }],
    );
    if (writes.length > 0) await this.model.bulkWrite(writes);
  }
}
