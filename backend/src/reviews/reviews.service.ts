import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { coverFileName } from '../content/content-photos';
import { languageName } from '../common/i18n/site-languages';
import { ContentService } from '../content/content.service';
import type { PhotoInput } from '../media/library/dto/photo.dto';
import type { Photo } from '../media/library/media-library.service';
import { MediaService, type UploadedImage } from '../media/media.service';
import type { StoredImage } from '../media/media.types';
import type { CreateReviewDto } from './dto/create-review.dto';
import type { UpdateReviewDto } from './dto/update-review.dto';
import { Review, uploadedReviewPhotoAlt } from './schemas/review.schema';

export const MAX_REVIEW_IMAGES = 10;

@Injectable()
export class ReviewsService extends ContentService<Review> {
  constructor(@InjectModel(Review.name) model: Model<Review>, media: MediaService) {
    super(model, media, {
      label: 'Review',
      trashNameField: 'ClientName',
      sortable: ['ClientName', 'order', 'featuredOrder', 'createdAt', 'updatedAt'],
      searchable: ['ClientName', 'ClientReview'],
      defaultSort: 'order',
      ordered: { newFirst: true },
    });
  }

  /** `ClientImage` repeats the photos' files for the original client. */
  protected override mirroredImageFields(): string[] {
    return ['ClientImage'];
  }

  protected override currentPhotos(document: Record<string, unknown>): Photo[] {
    return reviewPhotos(document as unknown as Review);
  }

  /** A review with its library photos (`photos`), then the files uploaded with it. */
  async create(dto: CreateReviewDto, files: UploadedImage[] = []) {
    const requested = dto.photos ?? [];
    assertRoom(requested, files.length);
    const picked = await this.library.photosOf(requested);
    const language = await this.languageOf(dto.language);
    const review = await this.media.withStoredImages(files, async (images) =>
      this.model.create({
        ClientName: dto.ClientName,
        language,
        ClientReview: dto.ClientReview ?? dto.ClientReviews,
        published: dto.published,
        featured: dto.featured,
        ...(await this.ordering.placeOf({ featured: dto.featured })),
        ...photoFields([...picked, ...(await this.uploaded(images, dto.ClientName))]),
      }),
    );
    await this.announceCreated(review);
    return review;
  }

  /**
   * `photos` sets the photos (library images, or ones the review has), in order; else the
   * original client's `keepImages` keeps the listed files in the given order; else all stay.
   * New files are added after. Photos dropped go once nothing shows them (the library keeps
   * its own uploads, a kept version of the review its images).
   */
  async update(id: string, dto: UpdateReviewDto, files: UploadedImage[] = []) {
    const review = await this.document(id);
    const before = review.toObject();
    const name = dto.ClientName ?? before.ClientName;
    const current = reviewPhotos(before);
    let kept: Photo[];
    if (dto.photos) {
      kept = await this.library.photosOf(dto.photos, current);
    } else if (dto.keepImages) {
      kept = keptByName(before, current, dto.keepImages);
    } else {
      kept = current;
    }
    assertRoom(kept, files.length);
    if (dto.language !== undefined) await this.languageOf(dto.language);
    const { keepImages: _keep, photos: _photos, ClientReviews, ...fields } = dto;
    await this.media.withStoredImages(files, async (added) => {
      review.set({
        ...fields,
        ...(ClientReviews !== undefined && fields.ClientReview === undefined
          ? { ClientReview: ClientReviews }
          : {}),
        ...(await this.ordering.placeOf(fields, before)),
        ...photoFields([...kept, ...(await this.uploaded(added, name))]),
      });
      await review.save();
    });
    await this.revisions.record(before, review, this.model.collection.collectionName);
    await this.ordering.closeGaps(before, review.toObject());
    const shown = new Set(review.photos?.map((photo) => photo.mediaId));
    const dropped = current.filter((photo) => !shown.has(photo.mediaId));
    await this.media.removeImagesQuietly(dropped.map((photo) => photo.media));
    await this.announceUpdated(before, review);
    return review;
  }

  /** A review's language: one of the site's (400 naming `language`), the default if none. */
  private async languageOf(language: string | undefined): Promise<string> {
    const languages = await this.siteLanguages.languages();
    if (language === undefined) return languages[0];
    if (languages.includes(language)) return language;
    const message = `${languageName(language)} is not one of the site's languages`;
    throw new BadRequestException({ message, errors: { language: message } });
  }

  /** Files uploaded with the review: library items now, described by whose photo they are. */
  private async uploaded(images: readonly StoredImage[], clientName: string): Promise<Photo[]> {
    const photos = images.map(({ media }) => ({
      mediaId: media.id,
      alt: uploadedReviewPhotoAlt(clientName),
      media,
    }));
    await this.library.offerAlts(photos);
    return photos;
  }
}

/** The fields that show the photos: `photos`, and the spec's `ClientImage` and `media`. */
function photoFields(photos: Photo[]): Pick<Review, 'photos' | 'ClientImage' | 'media'> {
  return {
    photos,
    ClientImage: photos.map((photo) => coverFileName(photo.media)),
    media: photos.map((photo) => photo.media),
  };
}

/** A review's photos; one saved before photos had alt texts gets them from the client's name. */
export function reviewPhotos(review: Pick<Review, 'photos' | 'media' | 'ClientName'>): Photo[] {
  if (Array.isArray(review.photos)) return review.photos;
  return (review.media ?? []).map((media) => ({
    mediaId: media.id,
    alt: uploadedReviewPhotoAlt(review.ClientName),
    media,
  }));
}

/** The photos `keepImages` names by file name (ClientImage), in its order: 400 for a stranger. */
function keptByName(before: Review, current: Photo[], names: string[]): Photo[] {
  const byName = new Map(before.ClientImage.map((name, index) => [name, current[index]]));
  const unknown = names.filter((name) => !byName.get(name));
  if (unknown.length) {
    throw new BadRequestException({
      message: 'keepImages names an image this review does not have',
      errors: { keepImages: `Unknown image: ${unknown[0]}` },
    });
  }
  return [...new Set(names)].map((name) => byName.get(name) as Photo);
}

function assertRoom(photos: readonly (Photo | PhotoInput)[], files: number): void {
  if (new Set(photos.map((photo) => photo.mediaId)).size + files <= MAX_REVIEW_IMAGES) return;
  throw new BadRequestException({
    message: `A review can have at most ${MAX_REVIEW_IMAGES} images`,
    errors: {
      [files > 0 ? 'serviceimg' : 'photos']: `At most ${MAX_REVIEW_IMAGES} images in all`,
    },
  });
}
