import { Controller, Get, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AuditAs } from '../audit/audit-action.decorator';
import { BackupsService } from './backups.service';
import { BackupResponse } from './dto/backup.response';

@ApiTags('backups')
@ApiBearerAuth()
@Controller('backups')
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Get()
  @ApiOkResponse({
    type: [BackupResponse],
    description: 'The daily backups kept in $DATA_DIR/backups, newest first',
  })
  list() {
    return this.backups.list();
  }

  @Get('latest')
  @AuditAs('download')
  @ApiProduces('application/gzip')
  @ApiOkResponse({
    description: 'The newest backup: the whole site, as `npm run restore` loads it',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiNotFoundResponse({ description: 'No backup has been made yet' })
  async latest(@Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const { backup, stream } = await this.backups.latest();
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(stream, {
      type: 'application/gzip',
      length: backup.bytes,
      disposition: `attachment; filename="${backup.name}"`,
    });
  }
}
