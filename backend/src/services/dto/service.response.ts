import { ApiProperty, IntersectionType, OmitType } from '@nestjs/swagger';
import { PlacementResponse } from '../../common/content/move.dto';
import { PhotoResponse } from '../../media/library/dto/photo.dto';
import { Media } from '../../media/media.types';
import { CreateServiceDto } from './create-service.dto';

export class ServiceResponse extends IntersectionType(
  OmitType(CreateServiceDto, ['published', 'slug', 'photos'] as const),
  OmitType(PlacementResponse, ['featured'] as const),
) {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: 'courtyard-houses' })
  slug: string;

  @ApiProperty({
    required: false,
    example: ['courtyards'],
    description: 'Earlier slugs, newest first: their links answer 301 to the current one',
  })
  slugHistory?: string[];

  @ApiProperty({ example: '8f14e45fceea167a5a36-1280.webp', description: 'Under /uploads/' })
  ServiceImage: string;

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

export class ServiceCategoryResponse {
  @ApiProperty({ example: 'Landscape' })
  ServiceCategory: string;

  @ApiProperty({ example: 3, description: 'Visible services in the category' })
  count: number;
}
