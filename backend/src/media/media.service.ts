import {
  Inject,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { detectImageType } from './image-type';
import { MEDIA_STORAGE, type MediaStorage } from './media.storage';
import type { Media, StoredImage } from './media.types';

/**
 * Widths the front ends pick from with srcset; never larger than the original. 72 and 144
 * serve the admin lists' 48 px thumbnails (a 4:3 image covering the square at 1× and 2×).
 */
export const VARIANT_WIDTHS = [72, 144, 320, 640, 1280, 1920];
/** Decompression bombs: refuse anything over 50 megapixels before decoding it. */
export const MAX_PIXELS = 50_000_000;

export interface UploadedImage {
  buffer: Buffer;
  originalname?: string;
}

@Injectable()
export class MediaService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /**
   * Checks an upload by its bytes, re-encodes it to WebP at a few widths (which also drops
   * EXIF and any payload hidden after the image) and stores the files. Nothing of the
   * original file is kept.
   */
  async storeImage(file: UploadedImage): Promise<StoredImage> {
    const type = detectImageType(file.buffer);
    if (!type) {
      throw new UnsupportedMediaTypeException(
        'Only JPEG, PNG, WebP, AVIF or GIF images are accepted',
      );
    }
    const image = sharp(file.buffer, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    let metadata: Metadata;
    try {
      metadata = await image.metadata();
    } catch (error) {
      throw this.decodeError(error);
    }
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

    const id = crypto.randomBytes(10).toString('hex');
    const written: string[] = [];
    try {
      const variants = [];
      for (const variantWidth of widths) {
        const data = await this.encode(file.buffer, variantWidth);
        const name = `${id}-${variantWidth}.webp`;
        await this.storage.put(name, data);
        written.push(name);
        variants.push({ width: variantWidth, url: this.storage.url(name) });
      }
      const largest = widths[widths.length - 1];
      const media: Media = {
        id,
        variants,
        width: largest,
        height: Math.round((shownHeight * largest) / shownWidth),
        placeholder: await this.placeholder(file.buffer),
      };
      return { name: written[written.length - 1], media };
    } catch (error) {
      // Nothing half-stored: an image is all of its variants or none.
      await Promise.all(written.map((name) => this.storage.remove(name)));
      throw this.decodeError(error);
    }
  }

  /** sharp's decoding failures, in the client's terms; storage errors pass through. */
  private decodeError(error: unknown): unknown {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit|exceeds/i.test(message)) {
      return new PayloadTooLargeException('The image has too many pixels (at most 50 megapixels)');
    }
    if (/unsupported image format|corrupt|premature|bad seek|invalid|vips/i.test(message)) {
      return new UnsupportedMediaTypeException('The file is not a readable image');
    }
    return error;
  }

  /** Removes every stored file of an image. */
  async removeImage(media: Pick<Media, 'variants'> | null | undefined): Promise<void> {
    if (!media?.variants) return;
    await this.removeFiles(this.fileNames(media));
  }

  async removeFiles(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.storage.remove(name)));
  }

  /** The stored files of an image, by name. */
  fileNames(media: Pick<Media, 'variants'>): string[] {
    return media.variants.map((variant) => variant.url.split('/').pop() ?? '');
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
      .resize({ width: 16 })
      .webp({ quality: 40 })
      .toBuffer();
    return `data:image/webp;base64,${data.toString('base64')}`;
  }
}
