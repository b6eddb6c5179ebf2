import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { STORED_ENQUIRY_STATUSES, type StoredEnquiryStatus } from '../schemas/enquiry.schema';
import { trimmed } from '../../common/validation/transforms';

/** What an administrator changes on an enquiry: its status and an internal note. */
export class UpdateEnquiryDto {
  @ApiPropertyOptional({ enum: STORED_ENQUIRY_STATUSES, example: 'replied' })
  // Absent means unchanged; null is refused rather than stored.
  @ValidateIf((dto: UpdateEnquiryDto) => dto.status !== undefined)
  @IsIn(STORED_ENQUIRY_STATUSES, {
    message: `status must be one of: ${STORED_ENQUIRY_STATUSES.join(', ')}`,
  })
  status?: StoredEnquiryStatus;

  @ApiPropertyOptional({
    example: 'Called back on Monday; sending samples.',
    maxLength: 2000,
    description: 'Internal note for administrators; an empty string clears it',
  })
  @Transform(trimmed)
  @ValidateIf((dto: UpdateEnquiryDto) => dto.note !== undefined)
  @MaxLength(2000, { message: 'note must be at most 2000 characters' })
  @IsString({ message: 'note must be text' })
  note?: string;
}
