import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One administrator write: who did what to which record, and when (createdAt). */
@Schema({
  collection: 'audit',
  timestamps: { createdAt: true, updatedAt: false },
  versionKey: false,
})
export class AuditEntry {
  @Prop({ required: true })
  actorId: string;

  @Prop({ required: true })
  actorName: string;

  @Prop({ required: true, enum: ['create', 'update', 'delete'] })
  action: 'create' | 'update' | 'delete';

  /** The API area: user, product, service, reviews, gallery, settings, enquiries. */
  @Prop({ required: true, index: true })
  entity: string;

  @Prop({ type: String, default: null })
  entityId: string | null;

  @Prop({ required: true })
  method: string;

  @Prop({ required: true })
  path: string;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ createdAt: -1 });
