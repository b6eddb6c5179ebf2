import { Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import crypto from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { slugify } from '../common/slug/slug';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { createValidationPipe } from '../common/validation/validation.pipe';
import type { AuthConfig } from '../config/auth.config';
import { UpdateProductDto } from '../products/dto/update-product.dto';
import { Product } from '../products/schemas/product.schema';
import { UpdateServiceDto } from '../services/dto/update-service.dto';
import { Service } from '../services/schemas/service.schema';
import type { CreatePreviewDto } from './dto/create-preview.dto';
import type { PreviewLinkResponse, PreviewResponse } from './dto/preview.response';
import { Preview, type PreviewType } from './schemas/preview.schema';

/** How long a preview link works: long enough to look, short enough not to be passed around. */
export const PREVIEW_MINUTES = 15;

const RULES = { product: UpdateProductDto, service: UpdateServiceDto } as const;
const NAME_FIELD = { product: 'ProductName', service: 'ServiceName' } as const;

/** An item as its public page takes it, named by `id`, with a slug even before it has one. */
export function previewItem(
  type: PreviewType,
  id: string,
  item: Record<string, unknown>,
): Record<string, unknown> {
  const name = String(item[NAME_FIELD[type]] ?? '');
  return {
    _id: id,
    media: null,
    published: false,
    ...item,
    slug: typeof item.slug === 'string' ? item.slug : slugify(name),
  };
}

/**
 * Draft previews: an editor's unsaved fields are kept, validated and sanitised as a save
 * would, behind a link that is signed (HMAC of the preview, its editor and its end, under a
 * key derived from the JWT secret), works for PREVIEW_MINUTES, and only for that editor.
 * Anyone else, or a late or altered link, gets the same 404 as a page that does not exist.
 */
@Injectable()
export class PreviewsService {
  private readonly key: Buffer;

  constructor(
    @InjectModel(Preview.name) private readonly previews: Model<Preview>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
    @InjectModel(Service.name) private readonly services: Model<Service>,
    private readonly clock: Clock,
    config: ConfigService,
  ) {
    this.key = crypto
      .createHmac('sha256', config.getOrThrow<AuthConfig>('auth').jwtKey)
      .update('vitrine draft preview links')
      .digest();
  }

  async create(dto: CreatePreviewDto, editor: AuthUser): Promise<PreviewLinkResponse> {
    // The same rules as an update: lengths, types, and rich text sanitised on the way in.
    const fields = (await createValidationPipe(RULES[dto.type]).transform(dto.fields, {
      type: 'body',
      metatype: RULES[dto.type],
    })) as Record<string, unknown>;
    if (dto.id) await this.stored(dto.type, dto.id);
    const expiresAt = new Date(this.clock.now().getTime() + PREVIEW_MINUTES * 60_000);
    const preview = await this.previews.create({
      type: dto.type,
      itemId: dto.id ?? null,
      userId: editor.id,
      fields: { ...fields },
      expiresAt,
    });
    // No dot: the shell's server takes an address with an extension for a file.
    const token = `${preview._id}-${this.sign(String(preview._id), editor.id, expiresAt)}`;
    return { token, path: `/preview/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The item with its unsaved fields, for the editor who made the link, while it lives. */
  async open(token: string, viewer: AuthUser | undefined): Promise<PreviewResponse> {
    const notFound = new NotFoundException('This preview does not exist or has expired');
    const id = token.slice(0, 24);
    const signature = token.slice(25);
    if (!viewer || !/^[0-9a-f]{24}-./.test(token)) throw notFound;
    const preview = await this.previews.findById(id).lean<Preview>().exec();
    if (!preview || preview.userId !== viewer.id) throw notFound;
    const expected = Buffer.from(this.sign(id, preview.userId, preview.expiresAt));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw notFound;
    }
    if (preview.expiresAt.getTime() <= this.clock.now().getTime()) throw notFound;

    const base = preview.itemId ? await this.stored(preview.type, String(preview.itemId)) : {};
    return {
      type: preview.type,
      item: previewItem(preview.type, String(preview.itemId ?? id), {
        ...base,
        ...preview.fields,
      }),
      expiresAt: preview.expiresAt.toISOString(),
    };
  }

  /** The item as stored, published or not: what the unsaved fields go over. */
  async stored(type: PreviewType, id: string): Promise<Record<string, unknown>> {
    const item =
      type === 'product'
        ? await this.products.findById(id).lean<Record<string, unknown>>().exec()
        : await this.services.findById(id).lean<Record<string, unknown>>().exec();
    if (!item) throw new NotFoundException(`This ${type} does not exist`);
    return item;
  }

  private sign(previewId: string, userId: string, expiresAt: Date): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`${previewId}\n${userId}\n${expiresAt.toISOString()}`)
      .digest('base64url');
  }
}
