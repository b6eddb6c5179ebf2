import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ENQUIRY_SOURCES,
  ENQUIRY_STORED_STATUSES,
  ENQUIRY_SUBJECT_KINDS,
  type EnquirySource,
  type EnquiryStoredStatus,
  type EnquirySubjectKind,
} from '@vitrine/contracts';
import mongoose, { type HydratedDocument } from 'mongoose';

// Statuses are the contract's workflow plus `spam`, which only the honeypot (or an admin)
// sets: spam is kept, so nothing a visitor sent is ever lost, but out of the default list.

export type EnquiryDocument = HydratedDocument<Enquiry>;

/**
 * The product or service an enquiry was sent about, as it was then: its name and slug are
 * kept, so the inbox still says what the visitor asked about after a rename or a delete.
 */
@Schema({ _id: false })
export class EnquirySubject {
  @Prop({ type: String, required: true, enum: ENQUIRY_SUBJECT_KINDS })
  kind: EnquirySubjectKind;

  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  id: mongoose.Types.ObjectId;

  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  slug: string;
}

@Schema({
  collection: 'enquiries',
  timestamps: true,
  toJSON: {
    versionKey: false,
    transform: (_doc, ret: Record<string, unknown>) => {
      delete ret.mailQueued;
      return ret;
    },
  },
})
export class Enquiry {
  @Prop({ required: true, trim: true })
  FirstName: string;

  @Prop({ default: '', trim: true })
  LastName: string;

  @Prop({ default: '', trim: true })
  PhoneNumber: string;

  @Prop({ default: '', trim: true })
  Email: string;

  @Prop({ default: '' })
  Message: string;

  @Prop({ type: String, required: true, enum: ENQUIRY_SOURCES })
  source: EnquirySource;

  /** The language of the page the visitor wrote from (a site language's code). */
  @Prop({ type: String })
  locale?: string;

  @Prop({ type: String, required: true, enum: ENQUIRY_STORED_STATUSES, default: 'new' })
  status: EnquiryStoredStatus;

  /** The product or service page the enquiry was sent from; null for a general one. */
  @Prop({ type: SchemaFactory.createForClass(EnquirySubject), default: null })
  about: EnquirySubject | null;

  /**
   * Set once the notification is in the outbox. An enquiry stored without it (the outbox
   * write failed, or the process died in between) is queued later by the sweeper.
   */
  @Prop({ default: false })
  mailQueued: boolean;

  /** For the administrators only: never mailed, never shown to the visitor. */
  @Prop({ default: '' })
  note: string;

  createdAt: Date;
  updatedAt: Date;
}

export const EnquirySchema = SchemaFactory.createForClass(Enquiry);
// The admin list: newest first, often narrowed to one status (and the menu badge counts `new`).
EnquirySchema.index({ status: 1, createdAt: -1 });
EnquirySchema.index({ createdAt: -1 });
