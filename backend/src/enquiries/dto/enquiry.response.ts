import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { ENQUIRY_SOURCES, ENQUIRY_SUBJECT_KINDS } from '@vitrine/contracts';
import { UserResponse } from '../../users/dto/user.response';
import { OUTBOX_STATUSES } from '../schemas/outbox-message.schema';
import { ENQUIRY_STORED_STATUSES } from '@vitrine/contracts';

/** What the public forms get back: proof of receipt, nothing else. */
export class EnquiryReceipt {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: 'new', enum: ['new'] })
  status: 'new';

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;
}

/** Whether the notification mail about an enquiry went out. */
export class EnquiryMailState {
  @ApiProperty({
    example: true,
    description:
      'False when no mail server is set up (SMTP_URL, ENQUIRY_NOTIFY_TO): nothing is sent',
  })
  configured: boolean;
  @ApiProperty({ enum: OUTBOX_STATUSES, example: 'sent' })
  status: string;

  @ApiProperty({ example: 1, description: 'Delivery attempts so far' })
  attempts: number;

  @ApiProperty({ example: null, nullable: true, type: String })
  lastError: string | null;

  @ApiProperty({ example: '2026-11-22T10:00:05.000Z', nullable: true, type: String })
  sentAt: string | null;

  @ApiProperty({
    example: null,
    nullable: true,
    type: String,
    description: 'While pending: when the next attempt is due',
  })
  nextAttemptAt: string | null;
}

/** The product or service the enquiry was sent about, named as it was then. */
export class EnquirySubjectResponse {
  @ApiProperty({ enum: ENQUIRY_SUBJECT_KINDS, example: 'product' })
  kind: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'Indigo handloom cotton' })
  name: string;

  @ApiProperty({
    example: 'indigo-handloom-cotton',
    description: 'Its public page: /singleproject/{slug} or /singleservice/{slug}',
  })
  slug: string;
}

/** An enquiry, its sender named as a user is (the spec's FirstName and LastName). */
export class EnquiryResponse extends PickType(UserResponse, ['_id', 'FirstName', 'LastName']) {
  @ApiProperty({ example: '+91 98765 43210' })
  PhoneNumber: string;

  @ApiProperty({ example: 'asha@example.com' })
  Email: string;

  @ApiProperty({ example: 'We would like a quote for 200 m of khadi, delivered to Pune.' })
  Message: string;

  @ApiProperty({ enum: ENQUIRY_SOURCES, example: 'contact' })
  source: string;

  @ApiPropertyOptional({
    example: 'hi',
    description:
      'The language of the page the visitor wrote from; absent on an enquiry kept from before languages existed (the default language)',
  })
  locale?: string;

  @ApiProperty({ enum: ENQUIRY_STORED_STATUSES, example: 'new' })
  status: string;

  @ApiProperty({ example: 'Called back on Monday; sending samples.' })
  note: string;

  @ApiProperty({
    type: EnquirySubjectResponse,
    nullable: true,
    description: 'The product or service page it was sent from; null for a general enquiry',
  })
  about: EnquirySubjectResponse | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export class EnquiryDetailResponse extends EnquiryResponse {
  @ApiPropertyOptional({
    type: EnquiryMailState,
    nullable: true,
    description: 'The notification mail; null for spam, which is never mailed',
  })
  mail: EnquiryMailState | null;
}

export class EnquiryStatsResponse {
  @ApiProperty({ example: 3, description: 'Enquiries with status new (the admin menu badge)' })
  new: number;
}
