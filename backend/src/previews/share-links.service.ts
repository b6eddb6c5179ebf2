import { BadRequestException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import crypto from 'node:crypto';
import { Clock } from '../common/clock/clock';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import type { PreviewResponse } from './dto/preview.response';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  type CreateShareLinkDto,
  type QueryShareLinksDto,
  type ShareLinkResponse,
  type ShareLinkSecretResponse,
} from './dto/share-link.dto';
import { previewItem, PreviewsService } from './previews.service';
import type { PreviewType } from './schemas/preview.schema';
import { ShareLink } from './schemas/share-link.schema';

const DAY_MS = 24 * 3600_000;
/** Characters of the secret kept to tell links apart: too few to guess the rest from. */
const HINT_LENGTH = 6;

export const SHARE_LINK_MESSAGES = {
  expired: 'This preview link has expired.',
  revoked: 'This preview link was withdrawn.',
  unknown: 'This preview link does not exist.',
} as const;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type StoredLink = ShareLink & { _id: unknown; createdAt: Date };

/**
 * Share links: a saved item, as it stands at each visit, for anyone holding the link until
 * it expires or is revoked. The secret is 32 random bytes, stored as its SHA-256 (as API
 * tokens are), and everything lives in MongoDB, so every API instance and every restart
 * knows the same links.
 */
@Injectable()
export class ShareLinksService {
  constructor(
    @InjectModel(ShareLink.name) private readonly links: Model<ShareLink>,
    private readonly previews: PreviewsService,
    private readonly clock: Clock,
  ) {}

  async create(dto: CreateShareLinkDto, creator: AuthUser): Promise<ShareLinkSecretResponse> {
    const expiresAt = this.expiry(dto);
    await this.previews.stored(dto.kind, dto.id);
    const token = crypto.randomBytes(32).toString('base64url');
    const link = await this.links.create({
      kind: dto.kind,
      itemId: dto.id,
      tokenHash: hashToken(token),
      hint: token.slice(0, HINT_LENGTH),
      createdBy: creator.id,
      expiresAt,
    });
    return {
      ...this.describe(link.toObject() as StoredLink),
      path: `/preview/share/${token}`,
    };
  }

  /** The item's links that still work, the one ending first first. */
  async list(query: QueryShareLinksDto): Promise<ShareLinkResponse[]> {
    const links = await this.links
      .find({
        kind: query.kind,
        itemId: query.id,
        revokedAt: null,
        // Filters are sanitised (sanitizeFilter): an operator of ours is marked as trusted.
        expiresAt: mongoose.trusted({ $gt: this.clock.now() }),
      })
      .sort({ expiresAt: 1 })
      .lean<StoredLink[]>()
      .exec();
    return links.map((link) => this.describe(link));
  }

  async revoke(id: string): Promise<void> {
    const revoked = await this.links
      .findOneAndUpdate({ _id: id, revokedAt: null }, { $set: { revokedAt: this.clock.now() } })
      .exec();
    if (!revoked) {
      const known = await this.links.exists({ _id: id }).exec();
      if (!known) throw new NotFoundException('No such share link');
    }
  }

  /** The item as it is saved now, for whoever holds a live link. */
  async open(token: string): Promise<PreviewResponse> {
    const link = await this.links.findOne({ tokenHash: hashToken(token) }).lean<StoredLink>();
    if (!link) throw new NotFoundException(SHARE_LINK_MESSAGES.unknown);
    if (link.revokedAt) throw new GoneException(SHARE_LINK_MESSAGES.revoked);
    if (link.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new GoneException(SHARE_LINK_MESSAGES.expired);
    }
    let item: Record<string, unknown>;
    try {
      item = await this.previews.stored(link.kind, String(link.itemId));
    } catch (error) {
      // The item was deleted: for the client, the link leads nowhere any more.
      if (error instanceof NotFoundException) throw new GoneException(SHARE_LINK_MESSAGES.revoked);
      throw error;
    }
    return {
      type: link.kind,
      item: previewItem(link.kind, String(link.itemId), item),
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  private expiry(dto: CreateShareLinkDto): Date {
    const now = this.clock.now().getTime();
    if (dto.expiresAt === undefined) {
      return new Date(now + (dto.expiresInDays ?? SHARE_LINK_DEFAULT_DAYS) * DAY_MS);
    }
    const problem =
      dto.expiresInDays !== undefined
        ? 'Give either an expiry date or a number of days, not both'
        : Date.parse(dto.expiresAt) <= now
          ? 'Expiry date must be in the future'
          : Date.parse(dto.expiresAt) > now + SHARE_LINK_MAX_DAYS * DAY_MS
            ? `Expiry date must be within ${SHARE_LINK_MAX_DAYS} days`
            : null;
    if (problem)
      throw new BadRequestException({ message: problem, errors: { expiresAt: problem } });
    return new Date(dto.expiresAt);
  }

  private describe(link: StoredLink): ShareLinkResponse {
    return {
      _id: String(link._id),
      kind: link.kind as PreviewType,
      itemId: String(link.itemId),
      hint: link.hint,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
    };
  }
}
