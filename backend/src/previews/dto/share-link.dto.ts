import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsMongoId, IsOptional, Max, Min } from 'class-validator';
import type { PreviewType } from '../schemas/preview.schema';

/** The longest a share link may live: a client's look, not a second site. */
export const SHARE_LINK_MAX_DAYS = 90;
export const SHARE_LINK_DEFAULT_DAYS = 7;

const Kind = () =>
  applyDecorators(
    ApiProperty({ enum: ['product', 'service'], example: 'product' }),
    IsIn(['product', 'service'], { message: 'kind must be product or service' }),
  );
const ItemId = () =>
  applyDecorators(
    ApiProperty({ example: '665f1c2e8b3e4a0012345678', description: 'The saved item to show' }),
    IsMongoId({ message: 'id must be an item id' }),
  );

export class CreateShareLinkDto {
  @Kind()
  kind: PreviewType;

  @ItemId()
  id: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SHARE_LINK_MAX_DAYS,
    example: SHARE_LINK_DEFAULT_DAYS,
    description: `Days the link works (default ${SHARE_LINK_DEFAULT_DAYS}); or give expiresAt`,
  })
  @IsOptional()
  @IsInt({ message: 'Expiry must be a whole number of days' })
  @Min(1, { message: 'Expiry must be at least 1 day' })
  @Max(SHARE_LINK_MAX_DAYS, { message: `Expiry must be at most ${SHARE_LINK_MAX_DAYS} days` })
  expiresInDays?: number;

  @ApiPropertyOptional({
    example: '2026-12-31T18:30:00.000Z',
    description: `When the link stops working, instead of expiresInDays: in the future, within ${SHARE_LINK_MAX_DAYS} days`,
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Expiry date must be a date' })
  expiresAt?: string;
}

export class QueryShareLinksDto {
  @Kind()
  kind: PreviewType;

  @ItemId()
  id: string;
}

export class ShareLinkResponse {
  @ApiProperty({ example: '6660b4c1e2f3a40012345678' })
  _id: string;

  @ApiProperty({ enum: ['product', 'service'], example: 'product' })
  kind: PreviewType;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  itemId: string;

  @ApiProperty({ example: 'Xk3f9Q', description: 'The link’s first characters, to tell it apart' })
  hint: string;

  @ApiProperty({ example: '2026-12-02T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-12-09T10:00:00.000Z' })
  expiresAt: string;
}

export class ShareLinkSecretResponse extends ShareLinkResponse {
  @ApiProperty({
    example: '/preview/share/Xk3f9Q...',
    description: 'The public page for the client: the only time the link is shown',
  })
  path: string;
}
