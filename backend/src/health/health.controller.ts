import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Connection } from 'mongoose';
import { Public } from '../common/decorators/public.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  @Public()
  @Get()
  @ApiOkResponse({
    description: 'The API and its database are up',
    schema: { example: { status: 'ok', database: 'up' } },
  })
  @ApiServiceUnavailableResponse({ description: 'The database is unreachable' })
  async check() {
    try {
      if (!this.connection.db) throw new Error('not connected');
      await Promise.race([
        this.connection.db.admin().ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('ping timed out')), 2000).unref(),
        ),
      ]);
      return { status: 'ok', database: 'up' };
    } catch {
      throw new ServiceUnavailableException({
        message: 'The database is not reachable',
        database: 'down',
      });
    }
  }
}
