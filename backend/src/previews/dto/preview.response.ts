import { ApiProperty } from '@nestjs/swagger';

export class PreviewLinkResponse {
  @ApiProperty({ example: '6660b4c1e2f3a40012345678-V0c2Yk...' })
  token: string;

  @ApiProperty({
    example: '/preview/6660b4c1e2f3a40012345678-V0c2Yk...',
    description: 'The public page showing it, for the editor who asked only',
  })
  path: string;

  @ApiProperty({ example: '2026-11-25T17:10:00.000Z' })
  expiresAt: string;
}

export class PreviewResponse {
  @ApiProperty({ enum: ['product', 'service'], example: 'product' })
  type: 'product' | 'service';

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The item as its public route would answer it (ProductName…, slug, media), with the unsaved fields',
  })
  item: Record<string, unknown>;

  @ApiProperty({ example: '2026-11-25T17:10:00.000Z' })
  expiresAt: string;
}
