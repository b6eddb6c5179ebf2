import { Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AuditAs } from '../audit/audit-action.decorator';
import { ListRoute, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { QueryTrashDto } from './dto/query-trash.dto';
import { RestoredItemResponse, TrashEntryResponse } from './dto/trash-entry.response';
import { TrashService } from './trash.service';

@ApiTags('trash')
@ApiBearerAuth()
@Controller('trash')
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @ListRoute(
    TrashEntryResponse,
    'Deleted items, newest first; `type` filters by kind; total in X-Total-Count',
  )
  async list(@Query() query: QueryTrashDto, @Paginate() paginate: Paginate) {
    return paginate(await this.trash.list(query), query);
  }

  @Post(':trashId/restore')
  @HttpCode(200)
  @AuditAs('restore')
  @ApiOkResponse({
    type: RestoredItemResponse,
    description: 'Back in its list as it was: same _id, images, slug and published state',
  })
  @ApiConflictResponse({
    description: 'A live item has its user name, e-mail or slug now; `errors` names the field',
  })
  @ApiNotFoundResponse({ description: 'Not in the trash (restored or deleted for good)' })
  restore(@Param('trashId', ParseObjectIdPipe) trashId: string) {
    return this.trash.restore(trashId);
  }

  @Delete(':trashId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted for good, with its images and its history' })
  @ApiNotFoundResponse({ description: 'Not in the trash (restored or deleted for good)' })
  async destroy(@Param('trashId', ParseObjectIdPipe) trashId: string) {
    await this.trash.destroy(trashId);
  }
}
