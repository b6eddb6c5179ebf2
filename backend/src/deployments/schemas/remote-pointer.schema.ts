import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One move of a pointer: which version it then named, how, by whom and when. */
export class PointerMove {
  @Prop({ required: true })
  version!: string;

  /** 'publish' (a new version, moved to at once), 'promote' (a published one) or 'rollback'. */
  @Prop({ required: true })
  action!: 'publish' | 'promote' | 'rollback';

  @Prop({ required: true })
  by!: string;

  @Prop({ required: true })
  at!: Date;
}

/** A shell's word on a version it checked: served, or refused and why. */
export class ShellReport {
  @Prop({ required: true })
  version!: string;

  @Prop()
  reason?: string;

  @Prop({ required: true })
  at!: Date;
}

/**
 * Which published version of a remote an environment serves ("current"), with the moves
 * that led there, newest last. The shells read it and load that version once it passes
 * their checks (see shell/server/deployments.ts).
 */
@Schema({ collection: 'remote_pointers', versionKey: false })
export class RemotePointer {
  /** `<remote>:<environment>`, e.g. `public_mfe:production`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  remote!: string;

  @Prop({ required: true })
  environment!: string;

  @Prop({ type: String, required: true })
  current!: string;

  @Prop({ type: [Object], default: [] })
  moves!: PointerMove[];

  /** The version the shells last said they serve (their reports, SHELL_TOKEN). */
  @Prop({ type: Object })
  serving?: ShellReport;

  /** Versions a shell refused, newest first: a rollback never goes back to one. */
  @Prop({ type: [Object], default: [] })
  refused!: ShellReport[];
}

export const RemotePointerSchema = SchemaFactory.createForClass(RemotePointer);
