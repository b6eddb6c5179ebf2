import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Photo } from '../../media/library/media-library.service';
import type { Media } from '../../media/media.types';
import { keepsSlugHistory } from '../../common/content/slug';
import { changesPublicContent } from '../../cache/content-version';
import { placed } from '../../common/content/placement';
import { recordsMediaReferences } from '../../media/media-references';

export type ProductDocument = HydratedDocument<Product>;

/** A project or product of the studio (the spec uses both words). Field names are the spec's. */
@Schema({ collection: 'products', timestamps: true, versionKey: false })
export class Product {
  @Prop({ required: true, trim: true })
  ProductName: string;

  @Prop({ required: true, trim: true, index: true })
  ProductCategory: string;

  @Prop({ type: Number, default: null })
  ProductPrice: number | null;

  @Prop({ default: '', trim: true })
  ProductHeading: string;

  /** Sanitised HTML. */
  @Prop({ default: '' })
  ProductDescription: string;

  @Prop({ default: '', trim: true })
  ProductStatus: string;

  @Prop({ default: '', trim: true })
  ProductClient: string;

  @Prop({ default: '', trim: true })
  ProductLocation: string;

  @Prop({ default: '', trim: true })
  ProductSize: string;

  /** File name of the largest variant, as the spec's clients expect under /uploads/. */
  @Prop({ default: '' })
  ProductImage: string;

  @Prop({ type: Object, default: null })
  media: Media | null;

  /** In display order; the first is the cover, which `ProductImage` and `media` repeat. */
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

export const ProductSchema = SchemaFactory.createForClass(Product);
ProductSchema.plugin(changesPublicContent);
ProductSchema.plugin(keepsSlugHistory);
ProductSchema.plugin(placed, { scheduled: true });
ProductSchema.plugin(recordsMediaReferences);
