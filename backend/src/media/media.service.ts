import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  Optional,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ON_DEMAND_IMAGE_WIDTHS } from '@vitrine/contracts';
import crypto from 'node:crypto';
import mongoose, { type Model } from 'mongoose';
import { LRUCache } from 'lru-cache';
import sharp from './sharp';
import { movePublicContentOn } from '../cache/content-version';
import { detectImageType } from './image-type';
import { MediaCache } from './media-cache';
import { MediaClaims } from './media-claims';
import { MediaItem } from './library/media-item.schema';
import { MEDIA_STORAGE, MediaStorageError, type MediaStorage } from './storage/media-storage';
import type { Media, StoredImage } from './media.types';

/**
 * Widths the front ends pick from with srcset; never larger than the original. 72 and 144
 * serve the admin lists' 48 px thumbnails (a 4:3 image covering the square at 1× and 2×).
 */
export const VARIANT_WIDTHS = [72, 144, 320, 640, 1280, 1920];
/**
 * Widths made the first time they are asked for (`/uploads/<id>-960.webp`), from the next
 * wider variant, and kept, so that storing an upload (and seeding the demo site) encodes no
 * more than before, and images stored before them have them too. They are not listed among
 * an image's variants: the front ends add them to srcset (@vitrine/ui ResponsiveImage).
 */
const ON_DEMAND_WIDTHS = ON_DEMAND_IMAGE_WIDTHS;
/**
 * The link-preview crop (`/uploads/<id>-og.jpg`): the size Facebook, LinkedIn and X ask for,
 * as a JPEG, which every preview client reads (not all read WebP). Made on its first request
 * from the image's widest variant and kept, like the on-demand widths, so images stored
 * before it have one too; the front ends name it from the image's id.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, suffix: 'og.jpg' } as const;
/** Decompression bombs: refuse anything over 50 megapixels before decoding it. */
export const MAX_PIXELS = 50_000_000;
/** The longest side a WebP image can have. */
export const WEBP_MAX_SIDE = 16_383;

/** The names of on-demand variants known to be stored, at most this long together. */
const MADE_NAMES_MAX_BYTES = 256 * 1024;

export interface UploadedImage {
  buffer: Buffer;
  originalname?: string;
}

/** Something that may still need an image after the record showing it has let it go. */
export interface MediaKeeper {
  /** Whether the image whose files are named `<mediaId>-<width>.webp` must stay. */
  keeps(mediaId: string): Promise<boolean>;
}

@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');
  private readonly keepers: MediaKeeper[] = [];
  /** On-demand variants being made, so that many requests at once encode one. */
  private readonly making = new Map<string, Promise<boolean>>();
  /**
   * On-demand variants known to be stored, on disk storage: their requests go straight to
   * the files. With GridFS, this instance's copy of a file (MediaCache) says so instead.
   */
  private readonly made = new LRUCache<string, true>({
    maxSize: MADE_NAMES_MAX_BYTES,
    sizeCalculation: (_made, name) => name.length,
  });

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly claims: MediaClaims,
    @InjectModel(MediaItem.name) private readonly items: Model<MediaItem>,
    @Optional() @Inject(MediaCache) private readonly cache?: MediaCache | null,
  ) {}

  /**
   * Stores every file, then runs `save` with them. If a file is refused or `save` fails,
   * the images already stored are removed again: an image is kept only by a saved record.
   */
  async withStoredImages<T>(
    files: readonly UploadedImage[],
    save: (images: StoredImage[]) => Promise<T>,
    about: { alt?: string; caption?: string; pinned?: boolean } = {},
  ): Promise<T> {
    // Claimed before the first file is written, until the record is saved: the orphan
    // sweep leaves them alone meanwhile, on any instance.
    const ids = files.map(() => newMediaId());
    return this.claims.hold(ids, async () => {
      const images: StoredImage[] = [];
      try {
        // One at a time: re-encoding is CPU-bound, and the first refusal stops the batch.
        for (const [index, file] of files.entries()) {
          images.push(await this.storeImage(file, ids[index], about));
        }
        return await save(images);
      } catch (error) {
        await this.removeImagesQuietly(images.map((image) => image.media));
        throw error;
      }
    });
  }

  /**
   * The trash and the revisions register here: an image replaced or deleted stays while a
   * trashed item or an earlier version still shows it, so restoring brings it back whole.
   */
  addKeeper(keeper: MediaKeeper): void {
    this.keepers.push(keeper);
  }

  /**
   * Checks an upload by its bytes, re-encodes it to WebP at a few widths (which also drops
   * EXIF and any payload hidden after the image) and stores the files. Nothing of the
   * original file is kept.
   */
  async storeImage(
    file: UploadedImage,
    id = newMediaId(),
    about: { alt?: string; caption?: string; pinned?: boolean } = {},
  ): Promise<StoredImage> {
    const type = detectImageType(file.buffer);
    if (!type) {
      throw new UnsupportedMediaTypeException(
        'Only JPEG, PNG, WebP, AVIF or GIF images are accepted',
      );
    }
    const image = sharp(file.buffer, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const metadata = await decoding(() => image.metadata());
    const { width = 0, height = 0 } = metadata;
    if (width * height > MAX_PIXELS) {
      throw new PayloadTooLargeException('The image has too many pixels (at most 50 megapixels)');
    }
    // EXIF orientation swaps the displayed width and height.
    const rotated = (metadata.orientation ?? 1) >= 5;
    const shownWidth = rotated ? height : width;
    const shownHeight = rotated ? width : height;
    const widths = VARIANT_WIDTHS.filter((w) => w < shownWidth);
    if (widths.length === 0 || widths[widths.length - 1] < Math.min(shownWidth, 1920)) {
      widths.push(Math.min(shownWidth, 1920));
    }
    // Widths are capped, heights are not: a 1 × 40,000 strip cannot be stored as WebP.
    const largest = widths[widths.length - 1];
    const largestHeight = Math.round((shownHeight * largest) / shownWidth);
    if (largestHeight > WEBP_MAX_SIDE) {
      throw new PayloadTooLargeException(
        `The image is too tall for its width (${shownWidth} × ${shownHeight} pixels): resized, it would be over ${WEBP_MAX_SIDE} pixels tall`,
      );
    }

    const written: string[] = [];
    try {
      const variants = [];
      for (const variantWidth of widths) {
        const data = await decoding(() => this.encode(file.buffer, variantWidth));
        const name = `${id}-${variantWidth}.webp`;
        await this.storage.write(name, data).catch((error: unknown) => {
          throw httpErrorOf(error);
        });
        written.push(name);
        variants.push({ width: variantWidth, url: this.storage.url(name) });
      }
      const media: Media = {
        id,
        variants,
        width: largest,
        height: largestHeight,
        placeholder: await decoding(() => this.placeholder(file.buffer)),
      };
      // Every stored image is an item of the media library, from the moment it exists.
      await this.items.create({ _id: id, media, ...about });
      return { name: written[written.length - 1], media };
    } catch (error) {
      // Nothing half-stored: an image is all of its variants or none.
      await this.removeFiles(written).catch((cleanup: unknown) => this.cleanupFailed(cleanup));
      throw error;
    }
  }

  /** Removes every stored file of an image, unless a keeper still needs it. */
  async removeImage(media: Pick<Media, 'variants'> | null | undefined): Promise<void> {
    if (!media?.variants?.length) return;
    const names = this.fileNames(media);
    if (await this.isKept(names[0].replace(/-\d+\.\w+$/, ''))) return;
    await this.removeFiles(names);
  }

  /** Whether a keeper (the trash) still needs the image whose files start with `mediaId`. */
  async isKept(mediaId: string): Promise<boolean> {
    for (const keeper of this.keepers) if (await keeper.keeps(mediaId)) return true;
    return false;
  }

  /**
   * Makes sure an on-demand variant (`<id>-960.webp`) is stored, making it from the image's
   * smallest wider variant if it is not: true once it is, false when `name` is no such
   * variant or its image has no wider one (or is gone), which the file server answers 404.
   */
  ensureOnDemandVariant(name: string): Promise<boolean> {
    const share = SHARE_FILE.exec(name);
    const match = ON_DEMAND_FILE.exec(name);
    const width = match ? Number(match[2]) : 0;
    if (!share && (!match || !ON_DEMAND_WIDTHS.includes(width))) return Promise.resolve(false);
    if (this.cache ? this.cache.has(name) : this.made.get(name)) return Promise.resolve(true);
    let making = this.making.get(name);
    if (!making) {
      making = (
        share
          ? this.makeShareImage(share[1], name)
          : this.makeOnDemandVariant(match?.[1] ?? '', width, name)
      )
        .then((stored) => {
          if (stored && !this.cache) this.made.set(name, true);
          return stored;
        })
        .finally(() => this.making.delete(name));
      this.making.set(name, making);
    }
    return making;
  }

  private async makeOnDemandVariant(id: string, width: number, name: string): Promise<boolean> {
    if (await this.storage.stat(name)) return true;
    const item = await this.items.findById(id).lean().exec();
    const source = item?.media.variants
      .filter((variant) => variant.width > width)
      .sort((a, b) => a.width - b.width)[0];
    if (!source) return false;
    try {
      const input = await this.storage.read(source.url.split('/').pop() ?? '');
      await this.storage.write(name, await this.encode(input, width));
      return true;
    } catch (error) {
      this.logger.warn(`Could not make ${name}: ${String(error)}`);
      return false;
    }
  }

  /** The link-preview crop of image `id`, from its widest variant, cropped around the centre. */
  private async makeShareImage(id: string, name: string): Promise<boolean> {
    if (await this.storage.stat(name)) return true;
    const item = await this.items.findById(id).lean().exec();
    const source = item?.media.variants.reduce<Media['variants'][number] | undefined>(
      (widest, variant) => (!widest || variant.width > widest.width ? variant : widest),
      undefined,
    );
    if (!source) return false;
    try {
      const input = await this.storage.read(source.url.split('/').pop() ?? '');
      const data = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      await this.storage.write(name, data);
      return true;
    } catch (error) {
      this.logger.warn(`Could not make ${name}: ${String(error)}`);
      return false;
    }
  }

  /**
   * Removes files, and the library items of the images they were. The content version moves
   * on, even if only some files went: caches that keep `/uploads` answers under it (the
   * shell's server) stop serving a deleted file.
   */
  async removeFiles(names: readonly string[]): Promise<void> {
    if (!names.length) return;
    try {
      await Promise.all(
        names.map(async (name) => {
          this.made.delete(name);
          await this.storage.delete(name);
          await this.cache?.forget(name);
        }),
      );
    } finally {
      await movePublicContentOn(this.items.db);
    }
    const ids = [...new Set(names.flatMap((name) => IMAGE_ID.exec(name)?.[1] ?? []))];
    if (ids.length) await this.items.deleteMany({ _id: mongoose.trusted({ $in: ids }) }).exec();
  }

  /**
   * Removes images after the fact (a failed save, a replaced picture): a file left over is
   * only an orphan for the sweep, so a failure here is logged and never masks what the
   * caller is reporting.
   */
  async removeImagesQuietly(media: readonly (Pick<Media, 'variants'> | null | undefined)[]) {
    await Promise.all(
      media.map((one) => this.removeImage(one).catch((error) => this.cleanupFailed(error))),
    );
  }

  private cleanupFailed(error: unknown) {
    this.logger.warn(`Could not remove stored media: ${String(error)}`);
  }

  /**
   * The stored files of an image, by name, with the on-demand variants and the link-preview
   * crop it may have.
   */
  fileNames(media: Pick<Media, 'variants'>): string[] {
    const names = media.variants.map((variant) => variant.url.split('/').pop() ?? '');
    const largest = names.at(-1)?.match(IMAGE_ID)?.[1];
    const widest = Math.max(...media.variants.map((variant) => variant.width));
    const onDemand = largest
      ? ON_DEMAND_WIDTHS.filter(
          (width) => width < widest && !media.variants.some((v) => v.width === width),
        ).map((width) => `${largest}-${width}.webp`)
      : [];
    const share = largest ? [`${largest}-${SHARE_IMAGE.suffix}`] : [];
    return [...names, ...onDemand, ...share];
  }

  private encode(input: Buffer, width: number): Promise<Buffer> {
    return sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }

  private async placeholder(input: Buffer): Promise<string> {
    const data = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: 16, height: 16, fit: 'inside' })
      .webp({ quality: 40 })
      .toBuffer();
    return `data:image/webp;base64,${data.toString('base64')}`;
  }
}

const IMAGE_ID = /^([0-9a-f]{20})-(?:\d+|og)\.\w+$/;
const ON_DEMAND_FILE = /^([0-9a-f]{20})-(\d+)\.webp$/;
const SHARE_FILE = /^([0-9a-f]{20})-og\.jpg$/;

/** An image's id: the prefix of its files' names. */
function newMediaId(): string {
  return crypto.randomBytes(10).toString('hex');
}

/**
 * Runs sharp's decoding or encoding: whatever sharp cannot do with the bytes is the
 * client's file, never our failure, so it answers 413 (too large in some way) or 415.
 */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit|exceeds/i.test(message)) {
      throw new PayloadTooLargeException('The image has too many pixels (at most 50 megapixels)');
    }
    if (/too large/i.test(message)) {
      throw new PayloadTooLargeException('The image is too large to process');
    }
    throw new UnsupportedMediaTypeException('The file is not a readable image');
  }
}

/** A storage failure, as the client should hear of it. */
function httpErrorOf(error: unknown): unknown {
  if (!(error instanceof MediaStorageError)) return error;
  if (error.failure === 'full') {
    return new HttpException(
      'The server has no room to store this upload',
      HttpStatus.INSUFFICIENT_STORAGE,
    );
  }
  return new InternalServerErrorException('The upload could not be stored; please try again later');
}
