import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { ContentVersionService } from './content-version.service';

export class ContentVersionResponse {
  @ApiProperty({
    example: '3f9a1c2b7d10.42',
    description: 'Opaque; equal strings mean the public content has not changed',
  })
  version: string;
}

@ApiTags('content')
@Controller('content-version')
export class ContentVersionController {
  constructor(private readonly versions: ContentVersionService) {}

  @Public()
  @Get()
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({
    type: ContentVersionResponse,
    description:
      'Changes whenever any public content (products, services, reviews, gallery, settings, ' +
      'publishing) changes through any API instance. Caches of public pages key on it.',
  })
  async get(): Promise<ContentVersionResponse> {
    return { version: await this.versions.latest() };
  }
}
