import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { RequiresRight } from '../common/decorators/requires-right.decorator';
import { AuditAs } from '../audit/audit-action.decorator';
import { PublicCache } from '../cache/public-cache.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ApiLocaleQuery, LocaleCodePipe, siteLocale } from '../common/i18n/site-languages';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { RevisionResponse } from '../revisions/dto/revision.response';
import { REVISIONS_HISTORY } from '../revisions/revisions.controller';
import { RevisionsService } from '../revisions/revisions.service';
import { SettingsResponse } from './dto/settings.response';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

@ApiTags('settings')
@RequiresRight('settings', 'write')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @RequiresRight('settings', 'read')
  @PublicCache()
  @Get()
  @ApiLocaleQuery()
  @ApiOkResponse({
    type: SettingsResponse,
    description:
      'The company profile the public pages show (defaults until first saved). Visitors see ' +
      'the offers whose start has come and whose end has not; administrators see them all, ' +
      'with every language (`translations`, `translationStatus`).',
  })
  async get(
    @CurrentUser() viewer: AuthUser | undefined,
    @Query('locale', LocaleCodePipe) locale?: string,
  ) {
    const settings = await this.settings.get();
    const chosen = siteLocale(locale, settings.languages);
    if (viewer?.isAdmin && chosen === undefined) return this.settings.forAdmin(settings);
    const shown = viewer?.isAdmin ? settings : this.settings.asVisitorsSeeIt(settings);
    return this.settings.inLanguage(shown, chosen);
  }

  @Put()
  @ApiBearerAuth()
  @ApiOkResponse({ type: SettingsResponse, description: 'The saved profile' })
  @ApiBadRequestResponse({
    description: 'Field errors, keyed like `email` or `social.0.url`',
  })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  @ApiConflictResponse({
    description:
      'A new default language under which two items would share an address, or a change of the default under way or just finished (reload the settings and save again)',
  })
  async replace(@Body() dto: UpdateSettingsDto) {
    return this.settings.forAdmin(await this.settings.replace(dto));
  }
}

/** The settings are one document: their history needs no id. */
@ApiTags('settings')
@ApiBearerAuth()
@RequiresRight('settings', 'read')
@Controller('settings/revisions')
export class SettingsRevisionsController {
  constructor(
    private readonly revisions: RevisionsService,
    private readonly settings: SettingsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [RevisionResponse], description: REVISIONS_HISTORY })
  list() {
    return this.revisions.list('settings');
  }

  @Post(':revisionId/restore')
  @RequiresRight('settings', 'write')
  @HttpCode(200)
  @AuditAs('restore')
  @ApiOkResponse({ type: SettingsResponse, description: 'The profile as that version had it' })
  @ApiNotFoundResponse({ description: 'No such version of the settings' })
  async restore(@Param('revisionId', ParseObjectIdPipe) revisionId: string) {
    await this.revisions.restore('settings', revisionId);
    return this.settings.forAdmin(await this.settings.get());
  }
}
