import { TranslationsBody } from '../../common/i18n/translations';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { trimmed } from '../../common/validation/transforms';

export class UpdateGalleryImageDto {
  @ApiPropertyOptional({ example: 'Natural-dye linen swatches on a teak table' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Alt text must be text' })
  @IsNotEmpty({ message: 'Alt text is required: describe the image' })
  @MaxLength(200, { message: 'Alt text must be at most 200 characters' })
  alt?: string;

  @ApiPropertyOptional({
    example: 0,
    minimum: 0,
    description:
      'New position, 0 first; the other images shift to make room. Past the end means last.',
  })
  @IsOptional()
  @IsInt({ message: 'Order must be a whole number' })
  @Min(0, { message: 'Order must be 0 or more' })
  order?: number;

  @TranslationsBody(
    { texts: [{ name: 'alt', label: 'Alt text', max: 200 }] },
    { hi: { alt: 'सागौन की मेज़ पर प्राकृतिक रंगों के लिनन के नमूने' } },
  )
  translations?: Record<string, { alt?: string }>;
}
