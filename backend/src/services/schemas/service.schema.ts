import { Schema } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { contentSchema, StoredContent } from '../../content/content.schema';
import { SERVICE_FIELDS } from '../service.fields';

export type ServiceDocument = HydratedDocument<Service>;

/** A service the studio offers (architecture, landscape, Vastu, kitchens). Field names are the spec's. */
@Schema({ collection: 'services', timestamps: true, versionKey: false })
export class Service extends StoredContent(SERVICE_FIELDS) {}

export const ServiceSchema = contentSchema(Service);
