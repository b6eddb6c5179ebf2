import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContentService } from '../common/content/content.service';
import { MediaService, type UploadedImage } from '../media/media.service';
import type { CreateReviewDto } from './dto/create-review.dto';
import type { UpdateReviewDto } from './dto/update-review.dto';
import { Review } from './schemas/review.schema';

export const MAX_REVIEW_IMAGES = 10;

@Injectable()
export class ReviewsService extends ContentService<Review> {
  constructor(@InjectModel(Review.name) model: Model<Review>, media: MediaService) {
    super(model, media, {
      label: 'Review',
      sortable: ['ClientName', 'order', 'featuredOrder', 'createdAt', 'updatedAt'],
      searchable: ['ClientName', 'ClientReview'],
      defaultSort: 'order',
      ordered: { newFirst: true },
    });
  }

  create(dto: CreateReviewDto, files: UploadedImage[] = []) {
    return this.media.withStoredImages(files, async (images) =>
      this.model.create({
        ClientName: dto.ClientName,
        ClientReview: dto.ClientReview ?? dto.ClientReviews,
        published: dto.published,
        featured: dto.featured,
        ...(await this.placeOf({ featured: dto.featured })),
        ClientImage: images.map((image) => image.name),
        media: images.map((image) => image.media),
      }),
    );
  }

  /**
   * Keeps the listed images in the given order, adds the new ones after, drops the rest
   * (whose files go once no kept version of the review shows them).
   */
  async update(id: string, dto: UpdateReviewDto, files: UploadedImage[] = []) {
    const review = await this.document(id);
    const before = review.toObject();
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
    const kept = [...new Set(keep)];
    const { keepImages: _keep, ClientReviews, ...fields } = dto;
    await this.media.withStoredImages(files, async (added) => {
      review.set({
        ...fields,
        ...(ClientReviews !== undefined && fields.ClientReview === undefined
          ? { ClientReview: ClientReviews }
          : {}),
        ...(await this.placeOf(fields, before)),
        ClientImage: [...kept, ...added.map((image) => image.name)],
        media: [...kept.map((name) => current.get(name)), ...added.map((image) => image.media)],
      });
      await review.save();
    });
    await this.revisions.record(before, review, this.model.collection.collectionName);
    await this.closeGaps(before, review.toObject());
    const dropped = [...current.keys()].filter((name) => !kept.includes(name));
    await this.media.removeImagesQuietly(dropped.map((name) => current.get(name)));
    return review;
  }
}
