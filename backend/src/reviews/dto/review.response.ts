import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PlacementResponse } from '../../content/move.dto';
import { PhotoResponse } from '../../media/library/dto/photo.dto';
import { Media } from '../../media/media.types';

export class ReviewResponse extends PlacementResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: 'Meera Iyer' })
  ClientName: string;

  @ApiProperty({ example: 'The linen drapes changed the whole room.' })
  ClientReview: string;

  @ApiPropertyOptional({
    example: 'en',
    description:
      "The language the client wrote in; absent on a review saved before languages existed (the site's default)",
  })
  language?: string;

  @ApiPropertyOptional({
    example: 'hi',
    description: 'With `?locale=`: the language asked for (the texts stay as written)',
  })
  locale?: string;

  @ApiPropertyOptional({
    type: [String],
    example: [],
    description: 'With `?locale=`: always [] (reviews are not translated)',
  })
  fallbackFields?: string[];

  @ApiProperty({ type: [String], example: ['8f14e45fceea167a5a36-1280.webp'] })
  ClientImage: string[];

  @ApiProperty({ type: [Media], description: "The photos' images, in the same order" })
  media: Media[];

  @ApiProperty({
    type: [PhotoResponse],
    description: 'In display order, each with its alt text; ClientImage and media repeat them',
  })
  photos: PhotoResponse[];

  @ApiProperty({ example: true })
  published: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'Shown as day-month-year' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}
