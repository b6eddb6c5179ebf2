import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContentService } from '../common/content/content.service';
import { MediaService, type UploadedImage } from '../media/media.service';
import type { StoredImage } from '../media/media.types';
import type { CreateReviewDto } from './dto/create-review.dto';
import type { UpdateReviewDto } from './dto/update-review.dto';
import { Review } from './schemas/review.schema';

export const MAX_REVIEW_IMAGES = 10;

@Injectable()
export class ReviewsService extends ContentService<Review> {
  constructor(@InjectModel(Review.name) model: Model<Review>, media: MediaService) {
    super(model, media, {
      label: 'Review',
      sortable: ['ClientName', 'createdAt', 'updatedAt'],
      searchable: ['ClientName', 'ClientReview'],
      defaultSort: '-createdAt',
    });
  }

  async create(dto: CreateReviewDto, files: UploadedImage[] = []) {
    const images = await this.storeAll(files);
    try {
      return await this.model.create({
        ClientName: dto.ClientName,
        ClientReview: dto.ClientReview ?? dto.ClientReviews,
        published: dto.published,
        ClientImage: images.map((image) => image.name),
        media: images.map((image) => image.media),
      });
    } catch (error) {
      await Promise.all(images.map((image) => this.media.removeImage(image.media)));
      throw error;
    }
  }

  /** Keeps the listed images in the given order, adds the new ones after, drops the rest. */
  async update(id: string, dto: UpdateReviewDto, files: UploadedImage[] = []) {
    const review = await this.findById(id, { id: '', UserName: '', isAdmin: true });
    const current = new Map(review.ClientImage.map((name, index) => [name, review.media[index]]));
    const keep = dto.keepImages ?? review.ClientImage;
    const unknown = keep.filter((name) => !current.has(name));
    if (unknown.length) {
      throw new BadRequestException({
        message: 'keepImages names an image this review does not have',
        errors: { keepImages: `Unknown image: ${unknown[0]}` },
      });
    }
    if (new Set(keep).size + files.length > MAX_REVIEW_IMAGES) {
      throw new BadRequestException({
        message: `A review can have at most ${MAX_REVIEW_IMAGES} images`,
        errors: { serviceimg: `At most ${MAX_REVIEW_IMAGES} images in all` },
      });
    }
    const added = await this.storeAll(files);
    const kept = [...new Set(keep)];
    const { keepImages: _keep, ClientReviews, ...fields } = dto;
    try {
      review.set({
        ...fields,
        ...(ClientReviews !== undefined && fields.ClientReview === undefined
          ? { ClientReview: ClientReviews }
          : {}),
        ClientImage: [...kept, ...added.map((image) => image.name)],
        media: [...kept.map((name) => current.get(name)), ...added.map((image) => image.media)],
      });
      await review.save();
    } catch (error) {
      await Promise.all(added.map((image) => this.media.removeImage(image.media)));
      throw error;
    }
    const dropped = [...current.keys()].filter((name) => !kept.includes(name));
    await Promise.all(dropped.map((name) => this.media.removeImage(current.get(name))));
    return review;
  }

  /** Stores every file or none of them. */
  private async storeAll(files: UploadedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const file of files) stored.push(await this.media.storeImage(file));
      return stored;
    } catch (error) {
      await Promise.all(stored.map((image) => this.media.removeImage(image.media)));
      throw error;
    }
  }
}
