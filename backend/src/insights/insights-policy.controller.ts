import { Controller, Get } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import type { InsightsConfig } from '../config/insights.config';

export class InsightsPolicyResponse {
  @ApiProperty({
    example: 24,
    description: 'Months the daily statistics are kept before they are deleted',
  })
  retentionMonths!: number;
}

/**
 * What the public privacy note (`/privacy`) tells visitors and cannot know by itself: how
 * long this API keeps the statistics (INSIGHTS_RETENTION_MONTHS).
 */
@ApiTags('insights')
@Controller('insights')
export class InsightsPolicyController {
  constructor(private readonly config: ConfigService) {}

  @Public()
  @Get('policy')
  @ApiOperation({ summary: 'How long the visit statistics are kept (for the privacy note)' })
  @ApiOkResponse({ type: InsightsPolicyResponse })
  policy(): InsightsPolicyResponse {
    return { retentionMonths: this.config.getOrThrow<InsightsConfig>('insights').retentionMonths };
  }
}
