import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Photo } from '../../media/library/media-library.service';
import type { Media } from '../../media/media.types';
import { keepsSlugHistory } from '../../common/content/slug';
import { changesPublicContent } from '../../cache/content-version';
import { placed } from '../../common/content/placement';
import { recordsMediaReferences } from '../../media/media-references';

export type ServiceDocument = HydratedDocument<Service>;

/** A service the studio offers (architecture, landscape, Vastu, kitchens). Field names are the spec's. */
@Schema({ collection: 'services', timestamps: true, versionKey: false })
export class Service {
  @Prop({ required: true, trim: true })
  ServiceName: string;

  @Prop({ required: true, trim: true, index: true })
  ServiceCategory: string;

  @Prop({ type: Number, default: null })
  ServicePrice: number | null;

  @Prop({ default: '', trim: true })
  ServiceHeading: string;

  /** Sanitised HTML. */
  @Prop({ default: '' })
  ServiceDescription: string;

  @Prop({ default: '', trim: true })
  ServiceStatus: string;

  /** File name of the largest variant, as the spec's clients expect under /uploads/. */
  @Prop({ default: '' })
  ServiceImage: string;

  @Prop({ type: Object, default: null })
  media: Media | null;

  /** In display order; the first is the cover, which `ServiceImage` and `media` repeat. */
  @Prop({ type: [Object], default: undefined })
  photos?: Photo[];

  @Prop({ required: true, unique: true })
  slug: string;

  /** Earlier slugs, newest first: links made with them answer 301 to the current one. */
  @Prop({ type: [String], default: [], index: true })
  slugHistory: string[];

  @Prop({ default: true, index: true })
  published: boolean;
}

export const ServiceSchema = SchemaFactory.createForClass(Service);
ServiceSchema.plugin(changesPublicContent);
ServiceSchema.plugin(keepsSlugHistory);
ServiceSchema.plugin(placed, { scheduled: true });
ServiceSchema.plugin(recordsMediaReferences);
