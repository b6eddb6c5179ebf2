import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { PublicCache } from '../cache/public-cache.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { SettingsResponse } from './dto/settings.response';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOkResponse({
    type: SettingsResponse,
    description:
      'The company profile the public pages show (defaults until first saved). Visitors see ' +
      'the offers whose start has come and whose end has not; administrators see them all.',
  })
  async get(@CurrentUser() viewer: AuthUser | undefined) {
    const settings = await this.settings.get();
    return viewer?.isAdmin ? settings : this.settings.asVisitorsSeeIt(settings);
  }

  @Put()
  @ApiBearerAuth()
  @ApiOkResponse({ type: SettingsResponse, description: 'The saved profile' })
  @ApiBadRequestResponse({
    description: 'Field errors, keyed like `email` or `social.0.url`',
  })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  replace(@Body() dto: UpdateSettingsDto) {
    return this.settings.replace(dto);
  }
}
