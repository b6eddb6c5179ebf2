import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A published build of a remote: immutable, served by the remote at `/<version>/`. */
@Schema({ collection: 'remote_versions', versionKey: false })
export class RemoteVersion {
  /** `<remote>:<version>`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true, index: true })
  remote!: string;

  /** The build's content hash and commit, e.g. `3f9a0c1b2d4e-e98d368`. */
  @Prop({ required: true })
  version!: string;

  @Prop({ required: true })
  publishedBy!: string;

  @Prop({ required: true })
  publishedAt!: Date;

  /**
   * When the remote's server pruned its files (it keeps the last N): a pointer is never
   * moved to it again, unless it is published anew.
   */
  @Prop()
  removedAt?: Date;
}

export const RemoteVersionSchema = SchemaFactory.createForClass(RemoteVersion);
