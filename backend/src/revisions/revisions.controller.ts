import { Controller, Get, HttpCode, Param, Post, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditAs } from '../audit/audit-action.decorator';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { ProductResponse } from '../products/dto/product.response';
import { ReviewResponse } from '../reviews/dto/review.response';
import { ServiceResponse } from '../services/dto/service.response';
import { SettingsResponse } from '../settings/dto/settings.response';
import { SettingsService } from '../settings/settings.service';
import { RevisionResponse } from './dto/revision.response';
import { REVISED_KINDS, type RevisedEntity } from './revision-kinds';
import { RevisionsService, REVISIONS_KEPT } from './revisions.service';

const HISTORY = `The last ${REVISIONS_KEPT} changes, newest first, each with the fields it changed`;

/** `GET /api/{path}/{id}/revisions` and `POST …/{revisionId}/restore` for one content entity. */
function ContentRevisionsController(
  entity: RevisedEntity,
  path: string,
  tag: string,
  response: Type,
) {
  const label = REVISED_KINDS[entity].label.toLowerCase();

  @ApiTags(tag)
  @ApiBearerAuth()
  @Controller(path)
  class RevisionsOfContent {
    constructor(readonly revisions: RevisionsService) {}

    @Get(':id/revisions')
    @ApiOkResponse({ type: [RevisionResponse], description: HISTORY })
    @ApiNotFoundResponse({ description: `No such ${label} (a deleted one is in the trash)` })
    list(@Param('id', ParseObjectIdPipe) id: string) {
      return this.revisions.list(entity, id);
    }

    @Post(':id/revisions/:revisionId/restore')
    @HttpCode(200)
    @AuditAs('restore')
    @ApiOkResponse({
      type: response,
      description: `The ${label} as that version had it; the version it replaces is kept in turn`,
    })
    @ApiNotFoundResponse({ description: `No such ${label}, or no such version of it` })
    restore(
      @Param('id', ParseObjectIdPipe) id: string,
      @Param('revisionId', ParseObjectIdPipe) revisionId: string,
    ) {
      return this.revisions.restore(entity, revisionId, id);
    }
  }
  // Swagger names operations after the class: each entity's controller needs its own name.
  Object.defineProperty(RevisionsOfContent, 'name', {
    value: `${REVISED_KINDS[entity].label}RevisionsController`,
  });
  return RevisionsOfContent;
}

export const ProductRevisionsController = ContentRevisionsController(
  'product',
  'product',
  'products',
  ProductResponse,
);
export const ServiceRevisionsController = ContentRevisionsController(
  'service',
  'service',
  'services',
  ServiceResponse,
);
export const ReviewRevisionsController = ContentRevisionsController(
  'review',
  'reviews',
  'reviews',
  ReviewResponse,
);

/** The settings are one document: their history needs no id. */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings/revisions')
export class SettingsRevisionsController {
  constructor(
    private readonly revisions: RevisionsService,
    private readonly settings: SettingsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [RevisionResponse], description: HISTORY })
  list() {
    return this.revisions.list('settings');
  }

  @Post(':revisionId/restore')
  @HttpCode(200)
  @AuditAs('restore')
  @ApiOkResponse({ type: SettingsResponse, description: 'The profile as that version had it' })
  @ApiNotFoundResponse({ description: 'No such version of the settings' })
  async restore(@Param('revisionId', ParseObjectIdPipe) revisionId: string) {
    await this.revisions.restore('settings', revisionId);
    return this.settings.get();
  }
}
