import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { CreatePreviewDto } from './dto/create-preview.dto';
import { PreviewLinkResponse, PreviewResponse } from './dto/preview.response';
import { PREVIEW_MINUTES, PreviewsService } from './previews.service';

/** Never kept by a browser or a cache, never indexed: a draft is not the site. */
function privatePage(response: Response): void {
  response.setHeader('Cache-Control', 'private, no-store');
  response.setHeader('X-Robots-Tag', 'noindex');
}

@ApiTags('previews')
@Controller('previews')
export class PreviewsController {
  constructor(private readonly previews: PreviewsService) {}

  @Post()
  @ApiBearerAuth()
  @ApiCreatedResponse({
    type: PreviewLinkResponse,
    description: `A signed link to the public page with these fields, for this editor only, for ${PREVIEW_MINUTES} minutes`,
  })
  @ApiNotFoundResponse({ description: 'No such item to preview' })
  create(
    @Body() dto: CreatePreviewDto,
    @CurrentUser() editor: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    privatePage(response);
    return this.previews.create(dto, editor);
  }

  @Public()
  @Get(':token')
  @ApiBearerAuth()
  @ApiOkResponse({ type: PreviewResponse, description: 'The item with its unsaved fields' })
  @ApiNotFoundResponse({
    description: 'Not signed in as the editor who made it, expired, altered, or never made',
  })
  open(
    @Param('token') token: string,
    @CurrentUser() viewer: AuthUser | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    privatePage(response);
    return this.previews.open(token, viewer);
  }
}
