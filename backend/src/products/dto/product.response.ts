import { ApiProperty, IntersectionType, OmitType } from '@nestjs/swagger';
import { PlacementResponse } from '../../common/content/move.dto';
import { PhotoResponse } from '../../media/library/dto/photo.dto';
import { Media } from '../../media/media.types';
import { CreateProductDto } from './create-product.dto';

export class ProductResponse extends IntersectionType(
  OmitType(CreateProductDto, ['published', 'slug', 'photos'] as const),
  OmitType(PlacementResponse, ['featured'] as const),
) {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: 'indigo-handloom-cotton' })
  slug: string;

  @ApiProperty({
    required: false,
    example: ['indigo-cotton'],
    description: 'Earlier slugs, newest first: their links answer 301 to the current one',
  })
  slugHistory?: string[];

  @ApiProperty({ example: '8f14e45fceea167a5a36-1280.webp', description: 'Under /uploads/' })
  ProductImage: string;

  @ApiProperty({ type: Media, nullable: true, description: 'The cover: the first photo' })
  media: Media | null;

  @ApiProperty({ type: [PhotoResponse], description: 'In display order; the first is the cover' })
  photos: PhotoResponse[];

  @ApiProperty({ example: true })
  published: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export class ProductCategoryResponse {
  @ApiProperty({ example: 'Linen' })
  ProductCategory: string;

  @ApiProperty({ example: 6, description: 'Visible products in the category' })
  count: number;

  @ApiProperty({ example: '8f14e45fceea167a5a36-1280.webp', description: 'Cover image file' })
  ProductImage: string;

  @ApiProperty({ type: Media, nullable: true })
  media: Media | null;
}
