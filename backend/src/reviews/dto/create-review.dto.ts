import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  IsIn,
} from 'class-validator';
import { Featured, RequiredText } from '../../common/validation/fields';
import { LOCALE_CODES } from '@vitrine/contracts';
import { PhotoInput, Photos } from '../../media/library/dto/photo.dto';
import { booleanFromForm, trimmed } from '../../common/validation/transforms';

/**
 * A review as the admin form sends it: its photos picked from the media library (`photos`,
 * each with its alt text), and new files under `serviceimg` as the original form sent
 * them, added after. The text arrives as `ClientReviews` (the original form's name) or
 * `ClientReview`.
 */
export class CreateReviewDto {
  @RequiredText('Client name', 80, 'Meera Iyer')
  ClientName: string;

  @ApiPropertyOptional({ example: 'The linen drapes changed the whole room.' })
  @Transform(trimmed)
  @ValidateIf(
    (dto: CreateReviewDto) => dto.ClientReviews === undefined || dto.ClientReview !== undefined,
  )
  @IsString({ message: 'Review text must be text' })
  @IsNotEmpty({ message: 'Review text is required' })
  @MaxLength(2000, { message: 'Review text must be at most 2000 characters' })
  ClientReview?: string;

  @ApiPropertyOptional({ description: 'Same as ClientReview (the name the original form used)' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Review text must be text' })
  @IsNotEmpty({ message: 'Review text is required' })
  @MaxLength(2000, { message: 'Review text must be at most 2000 characters' })
  ClientReviews?: string;

  @ApiPropertyOptional({ example: true, default: true })
  @Transform(booleanFromForm)
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @Featured()
  featured?: boolean;

  @ApiPropertyOptional({
    example: 'hi',
    enum: [...LOCALE_CODES],
    description:
      "The language the client wrote in (one of the site's): reviews are not translated, and the public page marks their text with it. Left out on creation: the site's default language.",
  })
  @IsOptional()
  @IsIn([...LOCALE_CODES], { message: `Language must be one of: ${LOCALE_CODES.join(', ')}` })
  language?: string;

  @Photos(
    'Photos from the media library in display order, each with its alt text; files uploaded under serviceimg come after. In multipart forms, as JSON text.',
  )
  photos?: PhotoInput[];
}

export class ReviewForm extends CreateReviewDto {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description: 'Up to 10 photos',
  })
  serviceimg?: Express.Multer.File[];
}
