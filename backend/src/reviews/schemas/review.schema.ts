import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Photo } from '../../media/library/media-library.service';
import type { Media } from '../../media/media.types';
import { changesPublicContent } from '../../cache/content-version';
import { placed } from '../../content/placement';
import { recordsMediaReferences } from '../../media/media-references';

export type ReviewDocument = HydratedDocument<Review>;

/** A client's review with its photos. Field names are the spec's. */
@Schema({ collection: 'reviews', timestamps: true, versionKey: false })
export class Review {
  @Prop({ required: true, trim: true })
  ClientName: string;

  @Prop({ required: true, trim: true })
  ClientReview: string;

  /** Stored file names (largest variant), in display order. */
  @Prop({ type: [String], default: [] })
  ClientImage: string[];

  /** Variants of each image, in the same order as ClientImage. */
  @Prop({ type: [Object], default: [] })
  media: Media[];

  /** Library images with their alt texts, in display order; ClientImage and media repeat them. */
  @Prop({ type: [Object], default: undefined })
  photos?: Photo[];

  @Prop({ default: true, index: true })
  published: boolean;

  /** The language the client wrote in (a site language's code); reviews are not translated. */
  @Prop({ type: String })
  language?: string;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
/**
 * The photos follow the images whoever changes them without them: a restore of a version
 * saved before photos existed brings back its images, and the alt texts of those still shown.
 */
ReviewSchema.pre('save', function () {
  if (!this.isModified('media') || this.isModified('photos')) return;
  const alts = new Map((this.photos ?? []).map((photo) => [photo.mediaId, photo.alt]));
  this.photos = this.media.map((media) => ({
    mediaId: media.id,
    alt: alts.get(media.id) ?? uploadedReviewPhotoAlt(this.ClientName),
    media,
  }));
});
ReviewSchema.plugin(changesPublicContent);
ReviewSchema.plugin(placed, { scheduled: false });
ReviewSchema.plugin(recordsMediaReferences);

/**
 * The alt text of a photo that came without one: a file the original form uploaded under
 * `serviceimg`, or a review saved before photos had alt texts. Never the file's name.
 */
export function uploadedReviewPhotoAlt(clientName: string): string {
  return `Photo from ${clientName}`;
}
