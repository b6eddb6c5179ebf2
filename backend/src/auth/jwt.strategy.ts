import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { InjectModel } from '@nestjs/mongoose';
import type { TokenClaims } from '@vitrine/contracts';
import type { Model } from 'mongoose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthConfig } from '../config/auth.config';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { User } from '../users/schemas/user.schema';
import { FreshReads } from './fresh-reads';

/** What a token check needs of its user. */
type UserRights = Pick<User, 'UserName' | 'isAdmin' | 'tokenVersion'> & { _id: unknown };

/**
 * Verifies the signature (HS256 only: `alg: none` and others are refused) and expiry, then
 * reads the user's current rights from the database, so deleting a user, removing their
 * admin flag or ending their sessions (a new token version) takes effect at once, on every
 * API instance, rather than when their token expires. Requests with the same user's token
 * share those reads (see FreshReads), never a read older than themselves.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  private readonly rights: FreshReads<UserRights | null>;

  constructor(config: ConfigService, @InjectModel(User.name) users: Model<User>) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object, which jsonwebtoken accepts though passport-jwt's types say otherwise.
      secretOrKey: config.getOrThrow<AuthConfig>('auth').jwtKey as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
    this.rights = new FreshReads((id) =>
      users.findById(id).select('UserName isAdmin tokenVersion').lean<UserRights>().exec(),
    );
  }

  async validate(claims: TokenClaims): Promise<AuthUser | false> {
    if (typeof claims.sub !== 'string' || !/^[0-9a-f]{24}$/i.test(claims.sub)) return false;
    const user = await this.rights.get(claims.sub.toLowerCase());
    if (!user) return false;
    // Tokens from before token versions carry none: they belong to version 0.
    if ((claims.ver ?? 0) !== (user.tokenVersion ?? 0)) {
      throw new UnauthorizedException('This session has ended; please sign in again');
    }
    return { id: String(user._id), UserName: user.UserName, isAdmin: user.isAdmin === true };
  }
}
