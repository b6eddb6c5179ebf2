import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Media } from '../../media/media.types';
import type { TranslatableShape } from '../../common/i18n/translations';
import { changesPublicContent } from '../../cache/content-version';
import { recordsMediaReferences } from '../../media/media-references';

export type GalleryImageDocument = HydratedDocument<GalleryImage>;

/** One picture of the public gallery. `order` runs 0..n-1 over the whole gallery. */
@Schema({ collection: 'gallery', timestamps: true, versionKey: false })
export class GalleryImage {
  /** File name of the largest variant, as with ProductImage: `/uploads/<image>`. */
  @Prop({ required: true })
  image: string;

  @Prop({ type: Object, required: true })
  media: Media;

  /** Mandatory: the gallery is mostly pictures, and screen readers need their words. */
  @Prop({ required: true, trim: true, minlength: 1, maxlength: 200 })
  alt: string;

  /** The alt text in the site's other languages: `{ hi: { alt } }` (GALLERY_TRANSLATABLE). */
  @Prop({ type: Object, default: undefined })
  translations?: Record<string, { alt?: string }>;

  @Prop({ required: true, min: 0, index: true })
  order: number;
}

/** A gallery image's visitor-facing text, which has a value per language. */
export const GALLERY_TRANSLATABLE: TranslatableShape = { texts: ['alt'] };

export const GalleryImageSchema = SchemaFactory.createForClass(GalleryImage);
GalleryImageSchema.plugin(changesPublicContent);
GalleryImageSchema.plugin(recordsMediaReferences);
