import { Delete, Get, HttpCode, Param, Query, Req, Res, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../decorators/current-user.decorator';
import { Public } from '../decorators/public.decorator';
import { ListQueryDto, sendPage } from '../http/list-query';
import { ParseObjectIdPipe } from '../http/object-id.pipe';
import type { ContentFields, ContentService } from './content.service';

export interface ContentRoutes {
  /** "Product", "Service": used in the documentation. */
  label: string;
  /** The spec's route for one item by slug or name, e.g. 'singleproject', and its parameter. */
  singlePath: string;
  singleParam: string;
  response: Type<unknown>;
  categoryResponse: Type<unknown>;
}

/** What a controller over content needs from its service. */
export interface CategorisedContent<T extends ContentFields> extends ContentService<T> {
  categories(viewer?: AuthUser): Promise<unknown[]>;
}

/**
 * The routes products and services share and that take no body: the list, the categories
 * in use, one item by slug or name or id, and delete. Each controller adds its own create
 * and update, whose DTO types the validation pipe reads from their signatures.
 */
export function ContentController<T extends ContentFields>(routes: ContentRoutes) {
  abstract class ContentControllerBase {
    protected abstract readonly content: CategorisedContent<T>;

    @Public()
    @Get()
    @ApiOkResponse({
      type: [routes.response],
      description: `Visitors see published ${routes.label.toLowerCase()}s; total in X-Total-Count`,
    })
    async list(
      @Query() query: ListQueryDto,
      @CurrentUser() viewer: AuthUser | undefined,
      @Req() request: Request,
      @Res({ passthrough: true }) response: Response,
    ) {
      return sendPage(request, response, await this.content.list(query, viewer), query);
    }

    @Public()
    @Get('getcategory')
    @ApiOkResponse({
      type: [routes.categoryResponse],
      description: 'Categories in use, with a count',
    })
    categories(@CurrentUser() viewer: AuthUser | undefined) {
      return this.content.categories(viewer);
    }

    @Public()
    @Get(`${routes.singlePath}/:${routes.singleParam}`)
    @ApiOkResponse({ type: routes.response, description: 'Found by slug, or else by exact name' })
    @ApiNotFoundResponse({ description: `No such (published) ${routes.label.toLowerCase()}` })
    bySlug(@Param(routes.singleParam) name: string, @CurrentUser() viewer: AuthUser | undefined) {
      return this.content.findBySlugOrName(name, viewer);
    }

    @Public()
    @Get(':id')
    @ApiOkResponse({ type: routes.response })
    @ApiNotFoundResponse({ description: `No such (published) ${routes.label.toLowerCase()}` })
    findOne(
      @Param('id', ParseObjectIdPipe) id: string,
      @CurrentUser() viewer: AuthUser | undefined,
    ) {
      return this.content.findById(id, viewer);
    }

    @Delete(':id')
    @ApiBearerAuth()
    @HttpCode(204)
    @ApiNoContentResponse({ description: 'Deleted, with its image files' })
    async remove(@Param('id', ParseObjectIdPipe) id: string) {
      await this.content.remove(id);
    }
  }
  return ContentControllerBase;
}
