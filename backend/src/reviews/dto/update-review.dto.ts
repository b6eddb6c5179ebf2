import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsOptional, Matches } from 'class-validator';
import { NULL_IS_A_VALUE } from '../../common/validation/fields';
import { CreateReviewDto, ReviewForm } from './create-review.dto';

/** A form sends one value as a string, several as an array, or a JSON array as text. */
const listFromForm = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (value.trim().startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value === '' ? [] : [value];
};

export class UpdateReviewDto extends PartialType(CreateReviewDto, NULL_IS_A_VALUE) {
  @ApiPropertyOptional({
    type: [String],
    example: ['8f14e45fceea167a5a36-1280.webp'],
    description:
      'The current images to keep, in the order to show them; new photos are added after. Absent keeps all.',
  })
  @Transform(listFromForm)
  @IsOptional()
  @IsArray({ message: 'keepImages must be a list of image names' })
  @Matches(/^[\w-]+\.webp$/, { each: true, message: 'keepImages must contain image names' })
  keepImages?: string[];
}

export class UpdateReviewForm extends PartialType(ReviewForm) {
  @ApiPropertyOptional({ type: [String] })
  keepImages?: string[];
}
