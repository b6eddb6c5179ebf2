import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TranslationsBody } from '../../../common/i18n/translations';
import { OptionalText } from '../../../common/validation/fields';
import { booleanFromForm, trimmed } from '../../../common/validation/transforms';

/** What an editor says about a library image. */
export class UpdateMediaItemDto {
  @ApiPropertyOptional({ example: 'Natural flax linen, close-up of the weave' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Alt text must be text' })
  @IsNotEmpty({ message: 'Alt text is required' })
  @MaxLength(200, { message: 'Alt text must be at most 200 characters' })
  alt?: string;

  @OptionalText('Caption', 300, 'Woven in Bhuj, 2026')
  caption?: string;

  @TranslationsBody(
    { texts: [{ name: 'alt', label: 'Alt text', max: 200 }] },
    { hi: { alt: 'प्राकृतिक अलसी का लिनन, बुनाई का नज़दीकी दृश्य' } },
    "Offered with the image where it is picked, as its alt text is (a photo's own translations are the item's).",
  )
  translations?: Record<string, { alt?: string }>;

  @ApiPropertyOptional({
    example: true,
    description:
      'Also give the new alt text to the copies content keeps where the image is placed (see `GET /media/{id}/usage`, `placedAlt`)',
  })
  @IsOptional()
  @IsBoolean({ message: 'updatePlaced must be true or false' })
  updatePlaced?: boolean;
}

/** `DELETE /media/{id}?detach=true`. */
export class DeleteMediaItemQueryDto {
  @ApiPropertyOptional({
    example: true,
    description:
      'Take the image out of every item that shows it first (each a normal edit, kept in its history); without it, an image in use is a 409',
  })
  @Transform(booleanFromForm)
  @IsOptional()
  @IsBoolean({ message: 'detach must be true or false' })
  detach?: boolean;
}

/**
 * Uploading into the library: the image under `file`, its alt text, a caption. The alt text
 * may come later (several photos are uploaded at once and described afterwards): content that
 * places the image still refuses it without one.
 */
export class UploadMediaItemDto {
  @OptionalText('Alt text', 200, 'Natural flax linen, close-up of the weave')
  alt?: string;

  @OptionalText('Caption', 300, 'Woven in Bhuj, 2026')
  caption?: string;
}
