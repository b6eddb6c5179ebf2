import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalText } from '../../../common/validation/fields';
import { trimmed } from '../../../common/validation/transforms';

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
}

/** Uploading into the library: the image under `file`, its alt text, a caption. */
export class UploadMediaItemDto {
  @ApiPropertyOptional({ example: 'Natural flax linen, close-up of the weave' })
  @Transform(trimmed)
  @IsString({ message: 'Alt text must be text' })
  @IsNotEmpty({ message: 'Alt text is required' })
  @MaxLength(200, { message: 'Alt text must be at most 200 characters' })
  alt: string;

  @OptionalText('Caption', 300, 'Woven in Bhuj, 2026')
  caption?: string;
}
