import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { PreviewResponse } from './dto/preview.response';
import {
  CreateShareLinkDto,
  QueryShareLinksDto,
  ShareLinkResponse,
  ShareLinkSecretResponse,
} from './dto/share-link.dto';
import { ShareLinksService } from './share-links.service';

/** Never kept by a browser or a cache, never indexed: a shared draft is not the site. */
function privateAnswer(response: Response): void {
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Robots-Tag', 'noindex');
}

/**
 * Share links for clients. Making, listing and revoking them is for signed-in
 * administrators only (no @RequiresRight: no API token reaches them); opening one needs
 * nothing but the link.
 */
@ApiTags('previews')
@Controller('previews/share')
export class ShareLinksController {
  constructor(private readonly links: ShareLinksService) {}

  @Post()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Make a share link to a saved item, for a client without an account',
    description: 'The answer is the only time the link (`path`) is shown; it is stored hashed.',
  })
  @ApiCreatedResponse({ type: ShareLinkSecretResponse })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiNotFoundResponse({ description: 'No such item' })
  create(
    @Body() dto: CreateShareLinkDto,
    @CurrentUser() creator: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    privateAnswer(response);
    return this.links.create(dto, creator);
  }

  @Get()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The share links of an item that still work, ending soonest first' })
  @ApiOkResponse({ type: [ShareLinkResponse] })
  list(@Query() query: QueryShareLinksDto) {
    return this.links.list(query);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revoke a share link: its page says so from the next visit' })
  @ApiNoContentResponse({ description: 'Revoked (or already was)' })
  @ApiNotFoundResponse({ description: 'No such share link' })
  async revoke(@Param('id', ParseObjectIdPipe) id: string) {
    await this.links.revoke(id);
  }

  @Public()
  @Get(':token')
  @ApiOperation({ summary: 'Open a share link: the item as it is saved now' })
  @ApiOkResponse({ type: PreviewResponse })
  @ApiGoneResponse({ description: 'The link has expired or was revoked (`message` says which)' })
  @ApiNotFoundResponse({ description: 'No such link' })
  open(@Param('token') token: string, @Res({ passthrough: true }) response: Response) {
    privateAnswer(response);
    return this.links.open(token);
  }
}
