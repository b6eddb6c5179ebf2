import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiMovedPermanentlyResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { ApiTokenEntity } from '@vitrine/contracts';
import type { Request, Response } from 'express';
import { AuditItemName } from '../audit/audit-action.decorator';
import { PublicCache } from '../cache/public-cache.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { RequiresRight } from '../common/decorators/requires-right.decorator';
import { PublishRightInterceptor } from '../common/guards/publish-right.interceptor';
import { sendJson } from '../common/http/bson-json';
import { ContentListQueryDto, ListRoute, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { ApiLocaleQuery, LocaleCodePipe } from '../common/i18n/site-languages';
import { createValidationPipe } from '../common/validation/validation.pipe';
import type { UploadedImage } from '../media/media.service';
import { ContentRevisionsController } from '../revisions/revisions.controller';
import { CONTENT_IMAGE_FIELD, contentForms } from './content.dto';
import type { Answered } from './content-reads';
import type { ContentFields, ContentService } from './content.service';
import { MovedResponse, movedPermanently } from './moved';
import { MoveDto } from './move.dto';

/** Where the routes every content type shares are, and what they need to document themselves. */
export interface OrderedContentRoutes<S> {
  /** The entity's service: property-injected, so that the subclass needs no constructor. */
  service: Type<S>;
  /** The routes' path under /api ('product') and their Swagger tag ('products'). */
  path: string;
  tag: string;
  /**
   * "Product", "Service", "Review": used in the documentation. In lower case, the kind the
   * trash and the revisions know it as (ContentService registers it so).
   */
  label: string;
  response: Type<unknown>;
  /** The field naming an item ('ProductName'): what the audit log calls the item written. */
  itemName: string;
  /** What the list's documentation says of the order and of what visitors see. */
  listDescription: string;
}

export interface ContentRoutes<T extends ContentFields> extends Omit<
  OrderedContentRoutes<CategorisedContent<T>>,
  'listDescription'
> {
  /** The spec's route for one item by slug or name, e.g. 'singleproject'. */
  singlePath: string;
  categoryResponse: Type<unknown>;
  /** What create and update bodies are validated against (ValidationPipe's expectedType). */
  createDto: Type<object>;
  updateDto: Type<object>;
}

/** What a controller over content needs from its service. */
export interface CategorisedContent<T extends ContentFields> extends ContentService<T> {
  categories(viewer?: AuthUser, locale?: string): Promise<unknown[]>;
  create(dto: object, file?: UploadedImage): Promise<{ toObject(): Record<string, unknown> }>;
  update(
    id: string,
    dto: object,
    file?: UploadedImage,
  ): Promise<{ toObject(): Record<string, unknown> }>;
}

/**
 * Sends what a read gave: a visitor's items in the default language as their stored bytes
 * (sendJson), anything made for the reader (a language, an administrator's view) as its
 * JSON's bytes.
 */
function sendAnswer(response: Response, answer: Answered | Answered[]): Buffer {
  const bytes = Array.isArray(answer) ? answer.every(Buffer.isBuffer) : Buffer.isBuffer(answer);
  if (bytes) return sendJson(response, answer as Buffer | Buffer[]);
  // Sent as bytes too, so that every answer of these routes leaves the same way.
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  return Buffer.from(JSON.stringify(answer));
}

/**
 * The routes every content type shares, reviews included, at `routes.path`: the list, one
 * item by id, its place in the hand-made order, and delete. Create and update stay with the
 * subclass, because their uploads differ (one image, or a review's photos). `history` is
 * the controller of the items' earlier versions, for the entity's module to list first.
 */
export function OrderedContentController<
  T extends ContentFields,
  S extends ContentService<T> = ContentService<T>,
>(routes: OrderedContentRoutes<S>) {
  // What an API token needs here: 'product:read' for the reads, 'product:write' for the rest.
  const entity = routes.label.toLowerCase() as ApiTokenEntity;

  @ApiTags(routes.tag)
  @AuditItemName(routes.itemName)
  @RequiresRight(entity, 'write')
  @Controller(routes.path)
  abstract class OrderedContentControllerBase {
    static readonly history = ContentRevisionsController({
      entity: routes.label.toLowerCase(),
      ...routes,
    });

    @Inject(routes.service) protected readonly content!: S;

    @Public()
    @RequiresRight(entity, 'read')
    @PublicCache()
    @ListRoute(routes.response, `${routes.listDescription}; total in X-Total-Count`)
    async list(
      @Query() query: ContentListQueryDto,
      @CurrentUser() viewer: AuthUser | undefined,
      @Paginate() paginate: Paginate,
      @Res({ passthrough: true }) response: Response,
    ) {
      return sendAnswer(response, paginate(await this.content.list(query, viewer), query));
    }

    @Public()
    @RequiresRight(entity, 'read')
    @PublicCache()
    @Get(':id')
    @ApiLocaleQuery()
    @ApiOkResponse({ type: routes.response })
    @ApiNotFoundResponse({ description: `No such (published) ${routes.label.toLowerCase()}` })
    async findOne(
      @Param('id', ParseObjectIdPipe) id: string,
      @CurrentUser() viewer: AuthUser | undefined,
      @Res({ passthrough: true }) response: Response,
      @Query('locale', LocaleCodePipe) locale?: string,
    ) {
      return sendAnswer(response, await this.content.findById(id, viewer, locale));
    }

    @Put(':id/position')
    @ApiBearerAuth()
    @ApiOkResponse({
      type: routes.response,
      description: `The ${routes.label.toLowerCase()}, at its new place`,
    })
    @ApiNotFoundResponse({ description: `No such ${routes.label.toLowerCase()}` })
    async move(
      @Param('id', ParseObjectIdPipe) id: string,
      @Body() move: MoveDto,
      @Res({ passthrough: true }) response: Response,
    ) {
      return sendAnswer(response, await this.content.move(id, move));
    }

    @Delete(':id')
    @ApiBearerAuth()
    @HttpCode(204)
    @ApiNoContentResponse({ description: 'Deleted, with its image files' })
    async remove(@Param('id', ParseObjectIdPipe) id: string) {
      await this.content.remove(id);
    }
  }
  return OrderedContentControllerBase;
}

/**
 * Every route of a content type with categories (products, services): the shared ones above,
 * the categories in use, one item by slug or name, and create and update with an image. The
 * subclass only names its service and its routes' configuration.
 */
export function ContentController<T extends ContentFields>(routes: ContentRoutes<T>) {
  const name = routes.label.toLowerCase();
  // The spec's parameter of the single route: 'productname'.
  const singleParam = `${name}name`;
  const forms = contentForms(routes.createDto, routes.label);
  const entity = name as ApiTokenEntity;
  abstract class ContentControllerBase extends OrderedContentController<T, CategorisedContent<T>>({
    ...routes,
    listDescription: `Visitors see published ${name}s`,
  }) {
    @Public()
    @RequiresRight(entity, 'read')
    @PublicCache()
    @Get('getcategory')
    @ApiLocaleQuery()
    @ApiOkResponse({
      type: [routes.categoryResponse],
      description:
        'Categories in use, with a count; with `?locale=`, named in that language where its items give it a name there',
    })
    categories(
      @CurrentUser() viewer: AuthUser | undefined,
      @Query('locale', LocaleCodePipe) locale?: string,
    ) {
      return this.content.categories(viewer, locale);
    }

    @Public()
    @RequiresRight(entity, 'read')
    @PublicCache()
    @Get(`${routes.singlePath}/:${singleParam}`)
    @ApiLocaleQuery()
    @ApiOkResponse({
      type: routes.response,
      description:
        "Found by slug, or else by exact name; with `?locale=`, by that language's slug first",
    })
    @ApiMovedPermanentlyResponse({
      type: MovedResponse,
      description: `An earlier slug of a ${routes.label.toLowerCase()} (in the \`?locale=\` language, or the default): \`Location\` is this route with its current slug in that language, the query kept`,
      headers: {
        Location: {
          description: 'The same route with the current slug',
          schema: { type: 'string' },
        },
      },
    })
    @ApiNotFoundResponse({ description: `No such (published) ${routes.label.toLowerCase()}` })
    async bySlug(
      @Param(singleParam) name: string,
      @CurrentUser() viewer: AuthUser | undefined,
      @Req() request: Request,
      @Res({ passthrough: true }) response: Response,
      @Query('locale', LocaleCodePipe) locale?: string,
    ) {
      const resolved = await this.content.resolve(name, viewer, locale);
      if ('movedTo' in resolved) return movedPermanently(request, response, resolved.movedTo);
      return sendAnswer(response, resolved.item);
    }

    @Post()
    @ApiBearerAuth()
    @RequiresRight(entity, 'write', { publishing: true })
    @UseInterceptors(FileInterceptor(CONTENT_IMAGE_FIELD), PublishRightInterceptor)
    @ApiConsumes('multipart/form-data', 'application/json')
    @ApiBody({ type: forms.create })
    @ApiCreatedResponse({ type: routes.response })
    @ApiPayloadTooLargeResponse({ description: 'Image over UPLOAD_MAX_MB' })
    @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF image' })
    async create(
      @Body(createValidationPipe(routes.createDto)) dto: object,
      @UploadedFile() file?: Express.Multer.File,
    ) {
      return this.content.adminView((await this.content.create(dto, file)).toObject());
    }

    @Put(':id')
    @ApiBearerAuth()
    @RequiresRight(entity, 'write', { publishing: true })
    @UseInterceptors(FileInterceptor(CONTENT_IMAGE_FIELD), PublishRightInterceptor)
    @ApiConsumes('multipart/form-data', 'application/json')
    @ApiBody({ type: forms.update })
    @ApiOkResponse({ type: routes.response })
    @ApiNotFoundResponse({ description: `No such ${routes.label.toLowerCase()}` })
    async update(
      @Param('id', ParseObjectIdPipe) id: string,
      @Body(createValidationPipe(routes.updateDto)) dto: object,
      @UploadedFile() file?: Express.Multer.File,
    ) {
      return this.content.adminView((await this.content.update(id, dto, file)).toObject());
    }
  }
  return ContentControllerBase;
}
