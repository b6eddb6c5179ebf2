import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', properties: { alt: { type: 'string' } } },
    example: { hi: { alt: 'धूप में सूखता नील ब्लॉक-प्रिंट सूती कपड़ा' } },
    description: "Administrators only: the alt text in the site's other languages",
  })
  translations?: Record<string, { alt?: string }>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { hi: ['alt'] },
    description: 'Administrators only: per non-default language, the texts still untranslated',
  })
  translationStatus?: Record<string, string[]>;

  @ApiPropertyOptional({ example: 'hi', description: 'With `?locale=`: the language of the texts' })
  locale?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['alt'],
    description: "With `?locale=`: the texts that fell back to the default language's",
  })
  fallbackFields?: string[];
}
