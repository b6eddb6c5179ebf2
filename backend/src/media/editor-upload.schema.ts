import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * An image uploaded for a rich-text description (POST /api/media). Nothing else records
 * it: the description only holds its URL. The record lets EditorImagesService remove its
 * files once no content mentions the image any more.
 */
@Schema({
  collection: 'editor_uploads',
  timestamps: { createdAt: true, updatedAt: false },
  versionKey: false,
})
export class EditorUpload {
  /** The image id, the prefix of its files. */
  @Prop({ required: true, unique: true })
  mediaId: string;

  @Prop({ type: [String], required: true })
  files: string[];

  createdAt: Date;
}

export const EditorUploadSchema = SchemaFactory.createForClass(EditorUpload);
