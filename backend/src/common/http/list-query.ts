import { ApiOkResponse, ApiPropertyOptional } from '@nestjs/swagger';
import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  Get,
  type ExecutionContext,
  type Type as Class,
} from '@nestjs/common';
import { booleanFromForm } from '../validation/transforms';
import { LocaleParam, MissingParam } from '../i18n/site-languages';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, TOTAL_COUNT_HEADER } from '@vitrine/contracts';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { Request, Response } from 'express';
import mongoose, { type QueryFilter, type SortOrder } from 'mongoose';

/** `?page&limit&sort&q&category`, the same on every list. */
export class ListQueryDto {
  @ApiPropertyOptional({ example: 1, minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  page?: number;

  @ApiPropertyOptional({
    example: 20,
    minimum: 1,
    maximum: LIST_MAX_LIMIT,
    default: LIST_DEFAULT_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIST_MAX_LIMIT, { message: `limit must be at most ${LIST_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({
    example: '-createdAt',
    description: 'A field name; a leading - sorts descending',
  })
  @IsOptional()
  @IsString()
  @Matches(/^-?[A-Za-z]{1,40}$/, { message: 'sort must be a field name, optionally after -' })
  sort?: string;

  @ApiPropertyOptional({
    example: 'linen',
    description: 'Case-insensitive search in names and headings',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;

  @ApiPropertyOptional({ example: 'Linen' })
  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'category must be at most 60 characters' })
  category?: string;
}

/** The content lists' query: the common one, `?featured` and `?published`. */
export class ContentListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    example: true,
    description: 'Only the featured items (where the list has them), in the featured order',
  })
  @IsOptional()
  @Transform(booleanFromForm)
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @ApiPropertyOptional({
    example: true,
    description:
      'For a caller who sees drafts (an administrator, an API token with the read right): `true` lists only what visitors see (published, publish-at moment reached), `false` only what they do not; visitors always see the first',
  })
  @IsOptional()
  @Transform(booleanFromForm)
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @LocaleParam()
  locale?: string;

  @MissingParam()
  missing?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ListOptions {
  sortable: string[];
  searchable: string[];
  defaultSort: string;
  /** The field `?category` filters on, for entities that have one. */
  categoryField?: string;
  /**
   * Lists with a hand-made order: `?sort=order` (products: within their category) and
   * `?featured=true`, which keeps the featured items in their own order.
   */
  ordered?: {
    within?: string;
    /** New items go first (reviews: newest first), rather than last. */
    newFirst?: boolean;
  };
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Turns a validated list query into a MongoDB filter, sort and window. */
export function listQuery<T>(query: ListQueryDto & { featured?: boolean }, options: ListOptions) {
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const page = query.page ?? 1;
  const sortKey = query.sort ?? options.defaultSort;
  const field = sortKey.replace(/^-/, '');
  if (!options.sortable.includes(field)) {
    throw new BadRequestException({
      message: `Cannot sort by "${field}"`,
      errors: { sort: `Sort by one of: ${options.sortable.join(', ')}` },
    });
  }
  const direction: SortOrder = sortKey.startsWith('-') ? -1 : 1;
  const featured = query.featured === true && options.ordered !== undefined;
  let sort: Record<string, SortOrder> = { [field]: direction };
  if (featured && query.sort === undefined) {
    sort = { featuredOrder: 1, createdAt: 1 };
  } else if (field === 'order' && options.ordered) {
    // Within its group; items not yet placed (no order) come first, oldest first.
    const within = options.ordered.within;
    const age: SortOrder = options.ordered.newFirst ? -1 : 1;
    sort = { ...(within ? { [within]: 1 } : {}), order: direction, createdAt: age };
  }
  if (field !== '_id') sort._id = 1; // a stable order across pages

  const filter: Record<string, unknown> = {};
  if (query.q?.trim()) {
    const pattern = mongoose.trusted({ $regex: escapeRegex(query.q.trim()), $options: 'i' });
    filter.$or = options.searchable.map((name) => ({ [name]: pattern }));
  }
  if (query.category && options.categoryField) {
    filter[options.categoryField] = query.category;
  }
  if (featured) filter.featured = true;
  return {
    filter: filter as QueryFilter<T>,
    sort,
    skip: (page - 1) * limit,
    limit,
    page,
  };
}

/**
 * One page of a list and the list's total. The page is read one item longer than asked:
 * when that extra item is missing the total follows from the page, and the count, a second
 * query that visits every matching record, is saved. So a catalogue of a few dozen items
 * never counts; a page past the end, or one with more after it, still does.
 */
export async function readPage<T>(
  window: { skip: number; limit: number },
  find: (limit: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const items = await find(window.limit + 1);
  const more = items.length > window.limit;
  if (more) items.pop();
  const total =
    more || (items.length === 0 && window.skip > 0) ? await count() : window.skip + items.length;
  return { items, total };
}

/** Puts the total in X-Total-Count and next/prev links in Link, and returns the array. */
export function sendPage<T>(
  request: Request,
  response: Response,
  page: Page<T>,
  query: ListQueryDto,
): T[] {
  const limit = query.limit ?? LIST_DEFAULT_LIMIT;
  const current = query.page ?? 1;
  const last = Math.max(1, Math.ceil(page.total / limit));
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  // Parsed once: each link sets the same two parameters, so they replace each other's.
  const url = new URL(request.originalUrl, 'http://placeholder');
  const link = (target: number, rel: string) => {
    url.searchParams.set('page', String(target));
    url.searchParams.set('limit', String(limit));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [];
  if (current < last) links.push(link(current + 1, 'next'));
  if (current > 1) links.push(link(current - 1, 'prev'));
  links.push(link(1, 'first'), link(last, 'last'));
  response.setHeader('Link', links.join(', '));
  return page.items;
}

/** Answers one page of a list: `sendPage` on the route's own request and response. */
export type Paginate = <T>(page: Page<T>, query: ListQueryDto) => T[];

/**
 * A list route's parameter that answers a page, with X-Total-Count and Link set on the
 * route's response, so that no list route takes `@Req()` and `@Res()` for it.
 */
export const Paginate = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Paginate => {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return (page, query) => sendPage(request, response, page, query);
  },
);

/**
 * A list route: `GET` at the controller's path, answering one page of `item`s as an array
 * (its handler takes the list's query and `@Paginate()`, and returns `paginate(page, query)`).
 */
export const ListRoute = (item: Class<unknown>, description: string) =>
  applyDecorators(Get(), ApiOkResponse({ type: [item], description }));
