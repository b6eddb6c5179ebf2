import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { PassportStrategy } from '@nestjs/passport';
import type { TokenClaims } from '@vitrine/contracts';
import type { Model } from 'mongoose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import type { AuthConfig } from '../config/auth.config';
import { User } from '../users/schemas/user.schema';
import { FreshReads } from './fresh-reads';

/** What a token check needs of its user. */
type UserRights = Pick<User, 'UserName' | 'isAdmin' | 'tokenVersion'>;

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * The 'jwt' strategy the access guard runs: who the request's bearer token belongs to.
 * passport-jwt checks the signature (HS256 only: `alg: none` and others are refused) and the
 * expiry; `validate` then reads the user's current rights, so deleting a user, removing their
 * administrator flag or ending their sessions (a new token version) takes effect at their
 * next request, on every API instance, rather than when their token expires. Nothing is
 * cached: requests with the same user's token share reads (FreshReads), never a read that
 * began before they arrived.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  private readonly rights: FreshReads<UserRights | null>;
  private readonly sessionMaxAgeMs: number;

  constructor(config: ConfigService, @InjectModel(User.name) users: Model<User>) {
    const { jwtKey, sessionMaxAgeMs } = config.getOrThrow<AuthConfig>('auth');
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // The key that signs (JwtModule); passport-jwt's types predate jsonwebtoken 9's KeyObject.
      secretOrKey: jwtKey as unknown as Buffer,
      algorithms: ['HS256'],
    });
    this.sessionMaxAgeMs = sessionMaxAgeMs;
    this.rights = new FreshReads((id) =>
      users.findById(id, { UserName: 1, isAdmin: 1, tokenVersion: 1 }).lean<UserRights>().exec(),
    );
  }

  /**
   * The token's user, for a token whose signature and expiry passport-jwt has checked; 401
   * for a user that no longer exists, a session that has ended or is older than
   * SESSION_MAX_HOURS.
   */
  async validate(claims: TokenClaims): Promise<AuthUser> {
    if (typeof claims.sub !== 'string' || !OBJECT_ID.test(claims.sub)) {
      throw new UnauthorizedException('Sign-in required');
    }
    // Only a renewed token can outlive its session: one issued at sign-in expires first.
    const signedInAt = claims.auth_time ?? claims.iat;
    if (Date.now() - signedInAt * 1000 > this.sessionMaxAgeMs) {
      throw new UnauthorizedException('This session is too old to renew; please sign in again');
    }
    const user = await this.rights.get(claims.sub.toLowerCase());
    if (!user) throw new UnauthorizedException('Sign-in required');
    // Tokens from before token versions carry none: they belong to version 0.
    if ((claims.ver ?? 0) !== (user.tokenVersion ?? 0)) {
      throw new UnauthorizedException('This session has ended; please sign in again');
    }
    return {
      id: claims.sub.toLowerCase(),
      UserName: user.UserName,
      isAdmin: user.isAdmin === true,
      signedInAt,
    };
  }
}
