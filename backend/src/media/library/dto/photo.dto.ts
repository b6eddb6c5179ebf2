import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { plainToInstance, Transform, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { TranslationsBody } from '../../../common/i18n/translations';
import { RequiredText } from '../../../common/validation/fields';
import { Media } from '../../media.types';

export const MAX_PHOTOS = 30;

/** One photo of a product, service or review as an editor sends it: a library image and its alt text. */
export class PhotoInput {
  @ApiProperty({ example: '8f14e45fceea167a5a36', description: 'A media library image' })
  @IsString({ message: 'mediaId must be text' })
  @Matches(/^[0-9a-f]{20}$/, { message: 'mediaId must be a media library image id' })
  mediaId: string;

  @RequiredText('Alt text', 200, 'Natural flax linen, close-up of the weave')
  alt: string;

  @TranslationsBody(
    { texts: [{ name: 'alt', label: 'Alt text', max: 200 }] },
    { hi: { alt: 'प्राकृतिक अलसी का लिनन, बुनाई का नज़दीकी दृश्य' } },
    'Left out, a photo the item already has keeps its own.',
  )
  translations?: Record<string, { alt?: string }>;
}

/** A photo as content answers it: with the image's variants. */
export class PhotoResponse extends PhotoInput {
  @ApiProperty({ type: Media })
  media: Media;
}

/**
 * Multipart forms send the photos as one JSON text; JSON bodies send the array itself.
 * Anything unreadable is left for the validators to refuse.
 */
const photosFromForm = ({ value }: TransformFnParams): unknown => {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (!Array.isArray(parsed)) return parsed;
  return parsed.map((photo) =>
    photo && typeof photo === 'object' ? plainToInstance(PhotoInput, photo) : photo,
  );
};

/**
 * The photos field of products, services and reviews: in display order (for products and
 * services, the first is the cover). Left out, the photos stay as they are.
 */
export const Photos = (
  description = 'Photos in display order, the first one the cover (also ProductImage/ServiceImage and media). In multipart forms, as JSON text.',
) =>
  applyDecorators(
    ApiProperty({ type: [PhotoInput], required: false, description }),
    Transform(photosFromForm),
    IsOptional(),
    IsArray({ message: 'photos must be a list of { mediaId, alt }' }),
    ArrayMaxSize(MAX_PHOTOS, { message: `At most ${MAX_PHOTOS} photos` }),
    ValidateNested({ each: true }),
  );
