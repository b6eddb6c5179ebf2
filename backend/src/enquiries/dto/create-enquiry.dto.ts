import { ApiPropertyOptional } from '@nestjs/swagger';
import { ENQUIRY_SOURCES, type EnquirySource } from '@vitrine/contracts';
import { Transform, type TransformFnParams } from 'class-transformer';
import {
  Allow,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { PHONE_PATTERN } from '../../users/dto/create-user.dto';

/** Trims text; an empty or null field counts as not sent (the forms send every input). */
const optionalText = ({ value }: TransformFnParams): unknown => {
  if (value === null) return undefined;
  return typeof value === 'string' ? value.trim() || undefined : value;
};

/** No line breaks or other control characters in names: they end up in a mail subject. */
const SINGLE_LINE = /^[^\p{Cc}]*$/u;

const absent = (value: unknown) => value === undefined;

/**
 * The form an enquiry came from: as stated, or else recognised by the call-back form's
 * field names (Name, Contact).
 */
export function enquirySource(dto: CreateEnquiryDto): EnquirySource {
  if (dto.source === 'contact' || dto.source === 'callback') return dto.source;
  return absent(dto.Name) && absent(dto.Contact) ? 'contact' : 'callback';
}
const isCallback = (dto: CreateEnquiryDto) => enquirySource(dto) === 'callback';

/** Fails when any of `others` was sent too: the two shapes of a field do not mix. */
function IsAbsentWith(others: (keyof CreateEnquiryDto)[], options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isAbsentWith',
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) =>
          others.every((other) => absent((args?.object as CreateEnquiryDto)[other])),
      },
    },
    options,
  );
}

/**
 * One body for both public forms. The contact page sends FirstName, LastName, PhoneNumber,
 * Email, Message; the home page's call-back form sends Name, Contact, Email, Message.
 *
 * The rules of each class-validator stack are checked bottom-up (stopAtFirstError), so the
 * "is required" rule sits closest to the property.
 */
export class CreateEnquiryDto {
  @ApiPropertyOptional({
    enum: ENQUIRY_SOURCES,
    example: 'contact',
    description:
      'Which form sent it. When absent: `callback` if Name or Contact is sent, else `contact`.',
  })
  @ValidateIf((dto: CreateEnquiryDto) => !absent(dto.source))
  @IsIn(ENQUIRY_SOURCES, { message: `source must be one of: ${ENQUIRY_SOURCES.join(', ')}` })
  source?: EnquirySource;

  @ApiPropertyOptional({
    example: 'Asha',
    maxLength: 60,
    description: 'Contact form: required (or send Name instead).',
  })
  @Transform(optionalText)
  @ValidateIf(
    (dto: CreateEnquiryDto) => !absent(dto.FirstName) || (!isCallback(dto) && absent(dto.Name)),
  )
  @Matches(SINGLE_LINE, { message: 'First name must be on one line' })
  @MaxLength(60, { message: 'First name must be at most 60 characters' })
  @IsString({ message: 'First name must be text' })
  @IsNotEmpty({ message: 'First name is required' })
  FirstName?: string;

  @ApiPropertyOptional({ example: 'Verma', maxLength: 60 })
  @Transform(optionalText)
  @ValidateIf((dto: CreateEnquiryDto) => !absent(dto.LastName))
  @Matches(SINGLE_LINE, { message: 'Last name must be on one line' })
  @MaxLength(60, { message: 'Last name must be at most 60 characters' })
  @IsString({ message: 'Last name must be text' })
  LastName?: string;

  @ApiPropertyOptional({
    example: 'Asha Verma',
    maxLength: 121,
    description:
      'Call-back form: required. Stored as FirstName (first word) and LastName (the rest).',
  })
  @Transform(optionalText)
  @ValidateIf(
    (dto: CreateEnquiryDto) => !absent(dto.Name) || (isCallback(dto) && absent(dto.FirstName)),
  )
  @IsAbsentWith(['FirstName', 'LastName'], {
    message: 'Send either Name or FirstName and LastName, not both',
  })
  @Matches(SINGLE_LINE, { message: 'Name must be on one line' })
  @MaxLength(121, { message: 'Name must be at most 121 characters' })
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  Name?: string;

  @ApiPropertyOptional({ example: '+91 98765 43210', description: 'Contact form: optional.' })
  @Transform(optionalText)
  @ValidateIf((dto: CreateEnquiryDto) => !absent(dto.PhoneNumber))
  @Matches(PHONE_PATTERN, {
    message: 'Phone number must be a phone number (digits, spaces, +, - or brackets)',
  })
  @IsString({ message: 'Phone number must be text' })
  PhoneNumber?: string;

  @ApiPropertyOptional({
    example: '+91 98765 43210',
    description: 'Call-back form: the phone number to call, required. Stored as PhoneNumber.',
  })
  @Transform(optionalText)
  @ValidateIf(
    (dto: CreateEnquiryDto) => !absent(dto.Contact) || (isCallback(dto) && absent(dto.PhoneNumber)),
  )
  @IsAbsentWith(['PhoneNumber'], { message: 'Send either Contact or PhoneNumber, not both' })
  @Matches(PHONE_PATTERN, {
    message: 'Contact must be a phone number (digits, spaces, +, - or brackets)',
  })
  @IsString({ message: 'Contact must be text' })
  @IsNotEmpty({ message: 'Contact is required: a phone number to call back' })
  Contact?: string;

  @ApiPropertyOptional({
    example: 'asha@example.com',
    description: 'Contact form: required. Call-back form: optional.',
  })
  @Transform(optionalText)
  @ValidateIf((dto: CreateEnquiryDto) => !absent(dto.Email) || !isCallback(dto))
  @MaxLength(120, { message: 'Email must be at most 120 characters' })
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  @IsString({ message: 'Email must be text' })
  @IsNotEmpty({ message: 'Email is required' })
  Email?: string;

  @ApiPropertyOptional({
    example: 'We would like a quote for 200 m of khadi, delivered to Pune.',
    maxLength: 2000,
    description: 'Contact form: required. Call-back form: optional.',
  })
  @Transform(optionalText)
  @ValidateIf((dto: CreateEnquiryDto) => !absent(dto.Message) || !isCallback(dto))
  @MaxLength(2000, { message: 'Message must be at most 2000 characters' })
  @IsString({ message: 'Message must be text' })
  @IsNotEmpty({ message: 'Message is required' })
  Message?: string;

  @ApiPropertyOptional({
    example: '',
    description:
      'Honeypot: render it hidden from people (not type=hidden) and leave it empty. A value ' +
      'marks the enquiry as spam; the answer is the same, so bots cannot tell.',
  })
  @Allow()
  website?: unknown;
}
