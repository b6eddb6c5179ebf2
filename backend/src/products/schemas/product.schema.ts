import { Schema } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { contentSchema, StoredContent } from '../../content/content.schema';
import { PRODUCT_FIELDS } from '../product.fields';

export type ProductDocument = HydratedDocument<Product>;

/** A project or product of the studio (the spec uses both words). Field names are the spec's. */
@Schema({ collection: 'products', timestamps: true, versionKey: false })
export class Product extends StoredContent(PRODUCT_FIELDS) {}

export const ProductSchema = contentSchema(Product);
