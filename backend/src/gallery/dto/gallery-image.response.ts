import { ApiProperty } from '@nestjs/swagger';
import { Media } from '../../media/media.types';

export class GalleryImageResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: '8f14e45fceea167a5a36-1280.webp', description: 'Under /uploads/' })
  image: string;

  @ApiProperty({ type: Media })
  media: Media;

  @ApiProperty({ example: 'Indigo block-printed cotton drying in the sun' })
  alt: string;

  @ApiProperty({ example: 0, description: 'Position in the gallery, 0 first, without gaps' })
  order: number;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}
