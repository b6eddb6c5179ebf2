import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { AUDIT_ACTIONS, type AuditAction } from './audit-action.decorator';

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

  @Prop({ type: String, required: true, enum: AUDIT_ACTIONS })
  action: AuditAction;

  /** The API area: user, product, service, reviews, gallery, settings, enquiries, trash… */
  @Prop({ required: true, index: true })
  entity: string;

  @Prop({ type: String, default: null })
  entityId: string | null;

  /** The item's name when the write happened ("Indigo handloom cotton"); null when it has none. */
  @Prop({ type: String, default: null })
  itemName: string | null;

  /** The fields an update changed, by their API names; empty for other writes. */
  @Prop({ type: [String], default: [] })
  fields: string[];

  @Prop({ required: true })
  method: string;

  @Prop({ required: true })
  path: string;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ createdAt: -1 });
