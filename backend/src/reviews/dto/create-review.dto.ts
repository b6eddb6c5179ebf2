import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Featured } from '../../common/validation/fields';
import { booleanFromForm, trimmed } from '../../common/validation/transforms';

/**
 * A review as the admin form sends it: multipart with the photos under `serviceimg`.
 * The text arrives as `ClientReviews` (the original form's name) or `ClientReview`.
 */
export class CreateReviewDto {
  @ApiProperty({ example: 'Meera Iyer' })
  @Transform(trimmed)
  @IsString({ message: 'Client name must be text' })
  @IsNotEmpty({ message: 'Client name is required' })
  @MaxLength(80, { message: 'Client name must be at most 80 characters' })
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
}

export class ReviewForm extends CreateReviewDto {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description: 'Up to 10 photos',
  })
  serviceimg?: Express.Multer.File[];
}
