import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const position = (list: string) =>
  `New position ${list}, 0 first; the others shift to make room. Past the end means last.`;

/** `PUT /api/<kind>/{id}/position`: a move in the list, among the featured, or both. */
export class MoveDto {
  @ApiPropertyOptional({
    example: 0,
    description: position('in its list (products: its category)'),
  })
  @IsOptional()
  @IsInt({ message: 'order must be a whole number' })
  @Min(0, { message: 'order must be 0 or more' })
  @Max(100_000, { message: 'order is too large' })
  order?: number;

  @ApiPropertyOptional({ example: 0, description: position('among the featured') })
  @IsOptional()
  @IsInt({ message: 'featuredOrder must be a whole number' })
  @Min(0, { message: 'featuredOrder must be 0 or more' })
  @Max(100_000, { message: 'featuredOrder is too large' })
  featuredOrder?: number;
}

/** The placement fields every content answer carries. */
export class PlacementResponse {
  @ApiPropertyOptional({
    example: 0,
    description: 'Position in its list (products: in its category), 0 first; absent until placed',
  })
  order?: number;

  @ApiPropertyOptional({ example: false })
  featured?: boolean;

  @ApiPropertyOptional({ example: 0, description: 'Position among the featured, 0 first' })
  featuredOrder?: number;
}
