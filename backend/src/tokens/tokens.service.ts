import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { expandApiTokenRights, type ApiTokenLifetime } from '@vitrine/contracts';
import type { Request } from 'express';
import mongoose, { type Connection, type Model } from 'mongoose';
import { FreshReads } from '../auth/fresh-reads';
import { Clock } from '../common/clock/clock';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { ApiTokenVerifier } from '../common/guards/api-token-verifier';
import { TooManyRequestsException } from '../common/http/too-many-requests.exception';
import { MongoThrottlerStorage } from '../common/rate-limit/mongo-throttler.storage';
import type { RateLimitConfig } from '../config/rate-limit.config';
import { isAllowedAddress } from './allowed-addresses';
import type { ApiTokenResponse, ApiTokenSecretResponse } from './dto/api-token.response';
import type { CreateApiTokenDto } from './dto/create-api-token.dto';
import { normalisedRights } from './rights';
import { ApiToken } from './schemas/api-token.schema';
import { hashSecret, newSecret } from './token-secret';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
/** lastUsedAt is written when it is older than this: not one write per request. */
export const LAST_USED_PRECISION_MS = MINUTE_MS;

/** What checking a request's token needs of its record. */
type TokenCheck = Pick<
  ApiToken,
  'name' | 'rights' | 'expiresAt' | 'lastUsedAt' | 'allowedAddresses' | 'rateLimitPerMinute'
> & { _id: { toString(): string }; createdAt: Date };

type StoredToken = ApiToken & { _id: { toString(): string } };

const UNKNOWN = 'This API token is not valid: it is unknown, or it was revoked or renewed';

/**
 * API tokens: created, listed, renewed and revoked by administrators, and checked at every
 * request that carries one (ApiTokenVerifier, for the access guard). The check reads the
 * token's record each time (FreshReads, as JwtStrategy reads users): a revoked, renewed or
 * expired token is refused by every API instance at its next request, with no cache to
 * invalidate. Each token's requests are counted per minute in MongoDB (the rate limits'
 * storage), so every instance counts against the same limit.
 */
@Injectable()
export class TokensService extends ApiTokenVerifier {
  private readonly logger = new Logger('ApiTokens');
  private readonly checks: FreshReads<TokenCheck | null>;
  private readonly counters: MongoThrottlerStorage;
  private readonly defaultPerMinute: number;

  constructor(
    @InjectModel(ApiToken.name) private readonly tokens: Model<ApiToken>,
    @InjectConnection() connection: Connection,
    private readonly clock: Clock,
    config: ConfigService,
  ) {
    super();
    this.defaultPerMinute = config.getOrThrow<RateLimitConfig>('rateLimit').apiTokenPerMinute;
    this.counters = new MongoThrottlerStorage(connection, clock);
    this.checks = new FreshReads((hash) =>
      this.tokens
        .findOne(
          { secretHash: hash },
          {
            name: 1,
            rights: 1,
            expiresAt: 1,
            lastUsedAt: 1,
            allowedAddresses: 1,
            rateLimitPerMinute: 1,
            createdAt: 1,
          },
        )
        .lean<TokenCheck>()
        .exec(),
    );
  }

  async create(dto: CreateApiTokenDto, creator: AuthUser): Promise<ApiTokenSecretResponse> {
    const { secret, hash, prefix } = newSecret();
    const name = dto.name.trim();
    try {
      const token = await this.tokens.create({
        name,
        nameKey: name.toLowerCase(),
        prefix,
        secretHash: hash,
        rights: normalisedRights(dto.rights),
        lifetimeDays: dto.expiresInDays,
        expiresAt: this.expiryOf(dto.expiresInDays),
        allowedAddresses: (dto.allowedAddresses ?? []).map((entry) => entry.trim()),
        rateLimitPerMinute: dto.rateLimitPerMinute ?? null,
        createdBy: { id: creator.id, UserName: creator.UserName },
      });
      return { ...publicRecord(token.toObject()), token: secret };
    } catch (error) {
      if ((error as { code?: number }).code === 11000) {
        throw new ConflictException({
          message: 'Another API token has this name',
          errors: { name: 'Another API token has this name' },
        });
      }
      throw error;
    }
  }

  async list(): Promise<ApiTokenResponse[]> {
    const tokens = await this.tokens.find().sort({ createdAt: -1 }).lean<StoredToken[]>().exec();
    return tokens.map(publicRecord);
  }

  async get(id: string): Promise<ApiTokenResponse> {
    const token = await this.tokens.findById(id).lean<StoredToken>().exec();
    if (!token) throw new NotFoundException('No such API token');
    return publicRecord(token);
  }

  /**
   * A new secret for the same token (id, name, rights), with a new expiry: the old secret
   * stops working at once, on every instance (it is no longer anyone's hash).
   */
  async renew(id: string, expiresInDays?: ApiTokenLifetime): Promise<ApiTokenSecretResponse> {
    const current = await this.tokens.findById(id, { lifetimeDays: 1 }).lean<StoredToken>();
    if (!current) throw new NotFoundException('No such API token');
    const lifetimeDays =
      expiresInDays === undefined ? (current.lifetimeDays as ApiTokenLifetime) : expiresInDays;
    const { secret, hash, prefix } = newSecret();
    const token = await this.tokens
      .findByIdAndUpdate(
        id,
        { secretHash: hash, prefix, lifetimeDays, expiresAt: this.expiryOf(lifetimeDays) },
        { returnDocument: 'after' },
      )
      .lean<StoredToken>()
      .exec();
    if (!token) throw new NotFoundException('No such API token');
    return { ...publicRecord(token), token: secret };
  }

  /** Deletes the token: its next request, on any instance, is a 401. */
  async revoke(id: string): Promise<ApiTokenResponse> {
    const token = await this.tokens.findByIdAndDelete(id).lean<StoredToken>().exec();
    if (!token) throw new NotFoundException('No such API token');
    return publicRecord(token);
  }

  async verify(secret: string, request: Request): Promise<AuthUser> {
    const token = await this.checks.get(hashSecret(secret));
    if (!token) throw new UnauthorizedException(UNKNOWN);
    const now = this.clock.now();
    if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) {
      throw new UnauthorizedException(
        `This API token expired on ${token.expiresAt.toISOString()}; renew it in the admin area`,
      );
    }
    if (!isAllowedAddress(token.allowedAddresses ?? [], request.ip)) {
      throw new ForbiddenException(
        `This API token may not be used from ${request.ip ?? 'an unknown address'}`,
      );
    }
    const id = token._id.toString();
    await this.count(id, token.rateLimitPerMinute ?? this.defaultPerMinute);
    await this.touch(id, token.lastUsedAt, now);
    return {
      id,
      UserName: `API token: ${token.name}`,
      isAdmin: true,
      signedInAt: Math.floor(token.createdAt.getTime() / 1000),
      token: { id, name: token.name, rights: expandApiTokenRights(token.rights) },
    };
  }

  /** One request against the token's own limit per minute: 429 with Retry-After over it. */
  private async count(id: string, limit: number): Promise<void> {
    const counted = await this.counters.increment(
      `api-token:${id}`,
      MINUTE_MS,
      limit,
      MINUTE_MS,
      'api-token',
    );
    if (counted.isBlocked) {
      const retryAfter = Math.max(1, counted.timeToBlockExpire);
      throw new TooManyRequestsException(
        `This API token made more than ${limit} requests a minute; try again in ${retryAfter} seconds`,
        retryAfter,
      );
    }
  }

  /**
   * Records that the token was used, when the record says it was last used more than a
   * minute ago: at most about one write a minute per token (the filter keeps instances
   * that read the same old value from writing twice).
   */
  private async touch(id: string, lastUsedAt: Date | null, now: Date): Promise<void> {
    const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (lastUsedAt && lastUsedAt > stale) return;
    await this.tokens
      .updateOne(
        {
          _id: id,
          // An operator written here, not taken from a request: trusted past sanitizeFilter.
          $or: [{ lastUsedAt: null }, { lastUsedAt: mongoose.trusted({ $lte: stale }) }],
        },
        { $set: { lastUsedAt: now } },
        { timestamps: false },
      )
      .exec()
      .catch((error: unknown) => this.logger.warn(`Could not record a token's use: ${error}`));
  }

  private expiryOf(days: ApiTokenLifetime): Date | null {
    return days === null ? null : new Date(this.clock.now().getTime() + days * DAY_MS);
  }
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** What an answer shows of a token: everything but its secret's hash. */
function publicRecord(token: StoredToken): ApiTokenResponse {
  return {
    id: token._id.toString(),
    name: token.name,
    prefix: token.prefix,
    rights: token.rights,
    lifetimeDays: token.lifetimeDays ?? null,
    createdAt: token.createdAt.toISOString(),
    expiresAt: iso(token.expiresAt),
    lastUsedAt: iso(token.lastUsedAt),
    allowedAddresses: token.allowedAddresses ?? [],
    rateLimitPerMinute: token.rateLimitPerMinute ?? null,
    createdBy: { id: token.createdBy.id, UserName: token.createdBy.UserName },
  };
}
