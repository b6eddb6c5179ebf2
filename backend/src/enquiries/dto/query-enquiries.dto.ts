import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { ENQUIRY_SOURCES, type EnquirySource } from '@vitrine/contracts';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { ListQueryDto } from '../../common/http/list-query';
import { ENQUIRY_STORED_STATUSES, type EnquiryStoredStatus } from '@vitrine/contracts';

/** An empty filter (`?status=`, as a select's "all" option sends) means no filter. */
const emptyIsAbsent = ({ value }: TransformFnParams): unknown => (value === '' ? undefined : value);

/** A day, or an instant with its time zone: never the server's local time. */
const DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const DATE_MESSAGE = 'must be a date (2026-01-31) or a date and time (2026-01-31T09:30:00Z)';

/** The list's and the export's filters: the usual list query (without category) plus these. */
export class QueryEnquiriesDto extends OmitType(ListQueryDto, ['category'] as const) {
  @ApiPropertyOptional({
    enum: ENQUIRY_STORED_STATUSES,
    example: 'new',
    description: 'Without it the list shows every status except spam',
  })
  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsIn(ENQUIRY_STORED_STATUSES, {
    message: `status must be one of: ${ENQUIRY_STORED_STATUSES.join(', ')}`,
  })
  status?: EnquiryStoredStatus;

  @ApiPropertyOptional({ enum: ENQUIRY_SOURCES, example: 'callback' })
  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsIn(ENQUIRY_SOURCES, { message: `source must be one of: ${ENQUIRY_SOURCES.join(', ')}` })
  source?: EnquirySource;

  @ApiPropertyOptional({
    example: '2026-01-01',
    description: 'Received on or after this day (UTC) or instant',
  })
  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: `from ${DATE_MESSAGE}` })
  @Matches(DAY_OR_INSTANT, { message: `from ${DATE_MESSAGE}` })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-01-31',
    description: 'Received on or before this day (the whole day, UTC) or instant',
  })
  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: `to ${DATE_MESSAGE}` })
  @Matches(DAY_OR_INSTANT, { message: `to ${DATE_MESSAGE}` })
  to?: string;
}
