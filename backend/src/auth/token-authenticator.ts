import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { TokenClaims } from '@vitrine/contracts';
import type { Request } from 'express';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import mongoose, { type Model } from 'mongoose';
import { ExtractJwt } from 'passport-jwt';
import type { AuthConfig } from '../config/auth.config';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { User } from '../users/schemas/user.schema';
import { FreshReads } from './fresh-reads';

/** What a token check needs of its user. */
type UserRights = Pick<User, 'UserName' | 'isAdmin' | 'tokenVersion'> & { _id: unknown };

/** The fields a token check reads of its user. */
const RIGHTS = { projection: { UserName: 1, isAdmin: 1, tokenVersion: 1 } } as const;

/** Signatures already checked are remembered for this many tokens at most. */
const VERIFIED_TOKENS = 1000;

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Who a request's bearer token belongs to. Verifies the signature (HS256 only: `alg: none`
 * and others are refused) and expiry, then reads the user's current rights from the
 * database, so deleting a user, removing their admin flag or ending their sessions (a new
 * token version) takes effect at once, on every API instance, rather than when their token
 * expires. Requests with the same user's token share those reads (see FreshReads), never a
 * read older than themselves.
 *
 * A token's signature is checked once: whether a given string was signed with this
 * process's key cannot change, so the claims of the last tokens verified are kept (their
 * expiry is still checked on every request). The user's rights are not kept: a rights
 * cache could only learn of a change made through another instance at that instance's next
 * poll, and a request sent after the change was acknowledged must already be refused.
 *
 * The rights are read from the driver's collection directly, as the content reads are: the
 * filter is an ObjectId made here, the user schema has no find middleware, and mongoose
 * only built, cast and copied the query and its projection at every admin request.
 */
@Injectable()
export class TokenAuthenticator {
  private readonly key: AuthConfig['jwtKey'];
  private readonly rights: FreshReads<UserRights | null>;
  /** Token → its claims, for tokens whose signature has been verified; oldest first. */
  private readonly verified = new Map<string, JwtPayload>();

  constructor(config: ConfigService, @InjectModel(User.name) users: Model<User>) {
    this.key = config.getOrThrow<AuthConfig>('auth').jwtKey;
    this.rights = new FreshReads(async (id) => {
      const db = users.db.db;
      if (!db) throw new mongoose.Error('Users cannot be read before the database connects');
      const user = await db
        .collection(users.collection.collectionName)
        .findOne({ _id: new mongoose.Types.ObjectId(id) }, RIGHTS);
      return user as UserRights | null;
    });
  }

  /**
   * The user of the request's token; 401 without a valid token, for a user that no longer
   * exists, for a session that has ended, or when their rights cannot be read.
   */
  async authenticate(request: Request): Promise<AuthUser> {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedException('Sign-in required');
    let claims: JwtPayload;
    try {
      claims = this.claimsOf(token);
    } catch (error) {
      throw new UnauthorizedException(
        error instanceof jwt.TokenExpiredError
          ? 'Your session has expired; please sign in again'
          : 'Sign-in required',
      );
    }
    let user: AuthUser | false;
    try {
      user = await this.validate(claims as TokenClaims);
    } catch (error) {
      if (error instanceof UnauthorizedException) throw error;
      throw new UnauthorizedException('Sign-in required');
    }
    if (!user) throw new UnauthorizedException('Sign-in required');
    return user;
  }

  /** The token's claims if its signature, expiry and not-before time hold; throws if not. */
  private claimsOf(token: string): JwtPayload {
    const known = this.verified.get(token);
    // As jsonwebtoken judges the times: whole seconds, expired at `exp` itself.
    const now = Math.floor(Date.now() / 1000);
    if (
      known &&
      (known.exp === undefined || now < known.exp) &&
      (known.nbf === undefined || known.nbf <= now)
    )
      return known;
    const claims = jwt.verify(token, this.key, { algorithms: ['HS256'] });
    if (typeof claims === 'string') throw new jwt.JsonWebTokenError('invalid payload');
    if (this.verified.size >= VERIFIED_TOKENS) {
      this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(token, claims);
    return claims;
  }

  private async validate(claims: TokenClaims): Promise<AuthUser | false> {
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
