import { ApiProperty } from '@nestjs/swagger';

export class MediaVariant {
  @ApiProperty({ example: 640 })
  width: number;

  @ApiProperty({ example: '/uploads/8f14e45fceea167a5a36-640.webp' })
  url: string;
}

/** An uploaded image as stored: WebP variants for srcset plus a tiny blur placeholder. */
export class Media {
  @ApiProperty({ example: '8f14e45fceea167a5a36', description: 'Prefix of the stored files' })
  id: string;

  @ApiProperty({ type: [MediaVariant] })
  variants: MediaVariant[];

  @ApiProperty({ example: 1280, description: 'Width of the largest variant' })
  width: number;

  @ApiProperty({ example: 853 })
  height: number;

  @ApiProperty({ example: 'data:image/webp;base64,UklGR…', description: 'Blurred 16 px preview' })
  placeholder: string;
}

/** What a content entity keeps for one image: the spec's file name plus the variants. */
export interface StoredImage {
  /** File name of the largest variant: `/uploads/<name>` works for older clients. */
  name: string;
  media: Media;
}
