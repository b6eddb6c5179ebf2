import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { TranslatableShape } from '../../common/i18n/translations';
import type { Media } from '../media.types';

/**
 * One image of the media library: every stored upload has one, keyed by its image id (the
 * prefix of its files). Content keeps its own copy of the variants, so pages never need
 * the library to render; the library holds what an editor says about the image.
 */
@Schema({ collection: 'media_items', timestamps: true, versionKey: false })
export class MediaItem {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Object, required: true })
  media: Media;

  /** Offered as the alt text wherever the image is picked; '' until someone writes one. */
  @Prop({ default: '', trim: true })
  alt: string;

  /** The alt text in the site's other languages, offered with it: `{ hi: { alt } }`. */
  @Prop({ type: Object, default: undefined })
  translations?: Record<string, { alt?: string }>;

  @Prop({ default: '', trim: true })
  caption: string;

  /**
   * Uploaded into the library itself: kept until deleted there. Images that came with a
   * piece of content (a product's `Userimg`, a gallery upload) go when nothing shows them.
   */
  @Prop({ default: false })
  pinned: boolean;

  createdAt: Date;
  updatedAt: Date;
}

export const MediaItemSchema = SchemaFactory.createForClass(MediaItem);
MediaItemSchema.index({ createdAt: -1 });

/** What of a library image is translated: its alt text (`translations.hi.alt`). */
export const MEDIA_TRANSLATABLE: TranslatableShape = { texts: ['alt'] };
