import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuditItemName } from '../audit/audit-action.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { ApiTokenResponse, ApiTokenSecretResponse } from './dto/api-token.response';
import { CreateApiTokenDto, RenewApiTokenDto } from './dto/create-api-token.dto';
import { TokensService } from './tokens.service';

/**
 * API tokens, for signed-in administrators only: no @RequiresRight, so no API token can
 * create, see, renew or revoke tokens (AccessGuard).
 */
@ApiTags('tokens')
@ApiBearerAuth()
@AuditItemName('name')
@Controller('tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Post()
  @ApiOperation({
    summary: 'Create an API token',
    description: 'The answer is the only time the secret (`token`) is shown.',
  })
  @ApiCreatedResponse({ type: ApiTokenSecretResponse })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiConflictResponse({ description: 'Another token has this name' })
  create(@Body() dto: CreateApiTokenDto, @CurrentUser() creator: AuthUser) {
    return this.tokens.create(dto, creator);
  }

  @Get()
  @ApiOperation({ summary: 'List the API tokens, newest first (never their secrets)' })
  @ApiOkResponse({ type: [ApiTokenResponse] })
  list() {
    return this.tokens.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiTokenResponse })
  @ApiNotFoundResponse({ description: 'No such API token' })
  findOne(@Param('id', ParseObjectIdPipe) id: string) {
    return this.tokens.get(id);
  }

  @Post(':id/renew')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give an API token a new secret and a new expiry',
    description:
      'Same id, name and rights; the old secret stops working at once. The answer is the only time the new secret is shown.',
  })
  @ApiOkResponse({ type: ApiTokenSecretResponse })
  @ApiNotFoundResponse({ description: 'No such API token' })
  renew(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: RenewApiTokenDto) {
    return this.tokens.renew(id, dto.expiresInDays);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API token: its next request, on any instance, is a 401' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiNotFoundResponse({ description: 'No such API token' })
  async revoke(@Param('id', ParseObjectIdPipe) id: string) {
    await this.tokens.revoke(id);
  }
}
