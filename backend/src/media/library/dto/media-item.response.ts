import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Media } from '../../media.types';

export class MediaUseResponse {
  @ApiProperty({ example: 'product', description: 'product, service, review, gallery, settings' })
  type: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'Natural Flax Linen' })
  name: string;
}

/** One field of one item where an image is placed. */
export class MediaPlaceResponse {
  @ApiProperty({ example: 'product', description: 'product, service, review, gallery, settings' })
  kind: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'Natural Flax Linen', description: 'The item’s name' })
  title: string;

  @ApiProperty({
    example: 'photos',
    description: 'The field, by its API name: photos, ProductDescription, banner, image…',
  })
  field: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Flax linen curtains in a sunlit room',
    description:
      'The alt text kept there; null where the place shows the library’s alt text itself',
  })
  placedAlt: string | null;
}

export class MediaItemResponse {
  @ApiProperty({ example: '8f14e45fceea167a5a36', description: 'The image id (mediaId)' })
  _id: string;

  @ApiProperty({ type: Media })
  media: Media;

  @ApiProperty({ example: 'Natural flax linen, close-up of the weave' })
  alt: string;

  @ApiProperty({ example: 'Woven in Bhuj, 2026' })
  caption: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', properties: { alt: { type: 'string' } } },
    example: { hi: { alt: 'प्राकृतिक अलसी का लिनन' } },
    description: "The alt text in the site's other languages",
  })
  translations?: Record<string, { alt?: string }>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { hi: ['alt'] },
    description: "Per language of the site's others, the texts still untranslated ([] when none)",
  })
  translationStatus: Record<string, string[]>;

  @ApiProperty({ example: true, description: 'Uploaded into the library: kept until deleted' })
  pinned: boolean;

  @ApiProperty({ type: [MediaUseResponse], description: 'The content that shows the image' })
  usedBy: MediaUseResponse[];

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}
