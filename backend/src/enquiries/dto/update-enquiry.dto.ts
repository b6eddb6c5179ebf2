import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ENQUIRY_STORED_STATUSES, type EnquiryStoredStatus } from '@vitrine/contracts';
import { trimmed } from '../../common/validation/transforms';

/** What an administrator changes on an enquiry: its status and an internal note. */
export class UpdateEnquiryDto {
  @ApiPropertyOptional({ enum: ENQUIRY_STORED_STATUSES, example: 'replied' })
  // Absent means unchanged; null is refused rather than stored.
  @ValidateIf((dto: UpdateEnquiryDto) => dto.status !== undefined)
  @IsIn(ENQUIRY_STORED_STATUSES, {
    message: `status must be one of: ${ENQUIRY_STORED_STATUSES.join(', ')}`,
  })
  status?: EnquiryStoredStatus;

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
