import { Controller, Get, HttpCode, Param, Post, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditAs, AuditItemName, type ItemNamer } from '../audit/audit-action.decorator';
import type { ApiTokenEntity } from '@vitrine/contracts';
import { RequiresRight } from '../common/decorators/requires-right.decorator';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { RevisionResponse } from './dto/revision.response';
import { RevisionsService, REVISIONS_KEPT } from './revisions.service';

/** What a history's list answers. */
export const REVISIONS_HISTORY = `The last ${REVISIONS_KEPT} changes, newest first, each with the fields it changed`;

export interface RevisionRoutes {
  /** The kind, as its module registered it with RevisionsService: 'product'. */
  entity: string;
  /** "Product", for the documentation. */
  label: string;
  /** The entity's own route ('product') and Swagger tag ('products'). */
  path: string;
  tag: string;
  /** What a restore answers: the item, as the entity's routes answer it. */
  response: Type;
  /** What names a restored item in the audit log, as for the entity's own routes. */
  itemName: ItemNamer;
}

/**
 * `GET /api/{path}/{id}/revisions` and `POST …/{revisionId}/restore` for one entity, for its
 * module to list among its controllers.
 */
export function ContentRevisionsController({
  entity,
  label,
  path,
  tag,
  response,
  itemName,
}: RevisionRoutes) {
  const name = label.toLowerCase();

  @ApiTags(tag)
  @ApiBearerAuth()
  @AuditItemName(itemName)
  @Controller(path)
  class RevisionsOfContent {
    constructor(readonly revisions: RevisionsService) {}

    @Get(':id/revisions')
    @RequiresRight(entity as ApiTokenEntity, 'read')
    @ApiOkResponse({ type: [RevisionResponse], description: REVISIONS_HISTORY })
    @ApiNotFoundResponse({ description: `No such ${name} (a deleted one is in the trash)` })
    list(@Param('id', ParseObjectIdPipe) id: string) {
      return this.revisions.list(entity, id);
    }

    @Post(':id/revisions/:revisionId/restore')
    // An earlier version may have been published, or not: restoring it can change that.
    @RequiresRight(entity as ApiTokenEntity, ['write', 'publish'])
    @HttpCode(200)
    @AuditAs('restore')
    @ApiOkResponse({
      type: response,
      description: `The ${name} as that version had it; the version it replaces is kept in turn`,
    })
    @ApiNotFoundResponse({ description: `No such ${name}, or no such version of it` })
    restore(
      @Param('id', ParseObjectIdPipe) id: string,
      @Param('revisionId', ParseObjectIdPipe) revisionId: string,
    ) {
      return this.revisions.restore(entity, revisionId, id);
    }
  }
  // Swagger names operations after the class: each entity's controller needs its own name.
  Object.defineProperty(RevisionsOfContent, 'name', { value: `${label}RevisionsController` });
  return RevisionsOfContent;
}
