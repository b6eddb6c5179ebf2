import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

export type UserDocument = HydratedDocument<User>;

@Schema({
  collection: 'users',
  timestamps: true,
  toJSON: {
    versionKey: false,
    // What leaves the server: never the hash, the lookup keys, the token version, or the
    // lock-out counters that records from before the sign-in throttle may still carry.
    transform: (_doc, ret: Record<string, unknown>) => {
      delete ret.Password;
      delete ret.userNameKey;
      delete ret.emailKey;
      delete ret.failedLogins;
      delete ret.lockedUntil;
      delete ret.tokenVersion;
      return ret;
    },
  },
})
export class User {
  @Prop({ required: true, trim: true })
  FirstName: string;

  @Prop({ required: true, trim: true })
  LastName: string;

  @Prop({ required: true, trim: true })
  UserName: string;

  /** Lower-cased UserName: uniqueness and sign-in ignore case on every MongoDB. */
  @Prop({ required: true, unique: true })
  userNameKey: string;

  @Prop({ required: true, trim: true })
  Email: string;

  @Prop({ required: true, unique: true })
  emailKey: string;

  @Prop({ default: '', trim: true })
  Number: string;

  /** argon2id hash. Not selected unless a query asks for it. */
  @Prop({ required: true, select: false })
  Password: string;

  @Prop({ default: false })
  isAdmin: boolean;

  /**
   * Tokens carry the version they were issued under (claim `ver`); raising it ends them
   * all at once: sign-out, a password change, an administrator's "sign out everywhere".
   */
  @Prop({ default: 0, select: false })
  tokenVersion: number;
}

export const UserSchema = SchemaFactory.createForClass(User);
