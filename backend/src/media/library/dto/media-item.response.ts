import { ApiProperty } from '@nestjs/swagger';
import { Media } from '../../media.types';

export class MediaUseResponse {
  @ApiProperty({ example: 'product', description: 'product, service, review, gallery, settings' })
  type: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'Natural Flax Linen' })
  name: string;
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

  @ApiProperty({ example: true, description: 'Uploaded into the library: kept until deleted' })
  pinned: boolean;

  @ApiProperty({ type: [MediaUseResponse], description: 'The content that shows the image' })
  usedBy: MediaUseResponse[];

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}
