import { ApiPropertyOptional } from '@nestjs/swagger';
import { ENQUIRY_SOURCES, type EnquirySource } from '@vitrine/contracts';
import { Transform, type TransformFnParams } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsMongoId,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { LOCALE_CODES, PHONE_PATTERN } from '@vitrine/contracts';

/** Trims text; null counts as not sent. Blank stays blank: sending a field says which form. */
const text = ({ value }: TransformFnParams): unknown => {
  if (value === null) return undefined;
  return typeof value === 'string' ? value.trim() : value;
};

/** Bots fill the honeypot with whatever: any single value counts, as text. */
const honeypot = ({ value }: TransformFnParams): unknown => {
  if (value === null || value === false) return undefined;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
};

/** No line breaks or other control characters in names: they end up in a mail subject. */
const SINGLE_LINE = /^[^\p{Cc}]*$/u;

/** Sent, even if blank. */
const sent = (value: unknown) => value !== undefined;
/** Sent and not blank: an empty optional input is as good as none. */
export const filled = (value: unknown): boolean => value !== undefined && value !== '';

/**
 * The form an enquiry came from: as stated, or else recognised by the call-back form's
 * field names (Name, Contact).
 */
export function enquirySource(dto: CreateEnquiryDto): EnquirySource {
  if (dto.source === 'contact' || dto.source === 'callback') return dto.source;
  return sent(dto.Name) || sent(dto.Contact) ? 'callback' : 'contact';
}
const isCallback = (dto: CreateEnquiryDto) => enquirySource(dto) === 'callback';

/** Fails when any of `others` is filled too: the two shapes of a field do not mix. */
function IsAbsentWith(others: (keyof CreateEnquiryDto)[], options: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isAbsentWith',
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) =>
          !others.some((other) => filled((args?.object as CreateEnquiryDto)[other])),
      },
    },
    options,
  );
}

/**
 * A text the contact form requires and the call-back form may leave out (Email, Message):
 * the rules as they read stacked above the property, `rules` between the length and the
 * type, so that they are checked in the same order.
 */
function ContactFormText(
  label: string,
  max: number,
  example: string,
  ...rules: PropertyDecorator[]
): PropertyDecorator {
  return (target, key) => {
    const stack = [
      ApiPropertyOptional({
        example,
        maxLength: max,
        description: 'Contact form: required. Call-back form: optional.',
      }),
      Transform(text),
      ValidateIf(
        (dto: CreateEnquiryDto) => filled(dto[key as keyof CreateEnquiryDto]) || !isCallback(dto),
      ),
      MaxLength(max, { message: `${label} must be at most ${max} characters` }),
      ...rules,
      IsString({ message: `${label} must be text` }),
      IsNotEmpty({ message: `${label} is required` }),
    ];
    // Stacked decorators apply from the bottom up.
    for (const decorator of stack.reverse()) decorator(target, key);
  };
}

/**
 * One body for both public forms. The contact page sends FirstName, LastName, PhoneNumber,
 * Email, Message; the home page's call-back form sends Name, Contact, Email, Message.
 * Optional fields may come blank (the forms send every input).
 *
 * Each stack of rules is checked bottom-up and stops at the first failure, so the
 * "is required" rule sits closest to the property.
 */
export class CreateEnquiryDto {
  @ApiPropertyOptional({
    enum: ENQUIRY_SOURCES,
    example: 'contact',
    description: 'Which form sent it. Without it: `callback` if Name or Contact is sent.',
  })
  @ValidateIf((dto: CreateEnquiryDto) => sent(dto.source))
  @IsIn(ENQUIRY_SOURCES, { message: `source must be one of: ${ENQUIRY_SOURCES.join(', ')}` })
  source?: EnquirySource;

  @ApiPropertyOptional({
    example: 'Asha',
    maxLength: 60,
    description: 'Contact form: required (or send Name instead).',
  })
  @Transform(text)
  @ValidateIf(
    (dto: CreateEnquiryDto) => filled(dto.FirstName) || (!isCallback(dto) && !filled(dto.Name)),
  )
  @Matches(SINGLE_LINE, { message: 'First name must be on one line' })
  @MaxLength(60, { message: 'First name must be at most 60 characters' })
  @IsString({ message: 'First name must be text' })
  @IsNotEmpty({ message: 'First name is required' })
  FirstName?: string;

  @ApiPropertyOptional({ example: 'Verma', maxLength: 60 })
  @Transform(text)
  @ValidateIf((dto: CreateEnquiryDto) => filled(dto.LastName))
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
  @Transform(text)
  @ValidateIf(
    (dto: CreateEnquiryDto) => filled(dto.Name) || (isCallback(dto) && !filled(dto.FirstName)),
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
  @Transform(text)
  @ValidateIf((dto: CreateEnquiryDto) => filled(dto.PhoneNumber))
  @Matches(PHONE_PATTERN, {
    message: 'Phone number must be a phone number (digits, spaces, +, - or brackets)',
  })
  @IsString({ message: 'Phone number must be text' })
  PhoneNumber?: string;

  @ApiPropertyOptional({
    example: '+91 98765 43210',
    description: 'Call-back form: the phone number to call, required. Stored as PhoneNumber.',
  })
  @Transform(text)
  @ValidateIf(
    (dto: CreateEnquiryDto) => filled(dto.Contact) || (isCallback(dto) && !filled(dto.PhoneNumber)),
  )
  @IsAbsentWith(['PhoneNumber'], { message: 'Send either Contact or PhoneNumber, not both' })
  @Matches(PHONE_PATTERN, {
    message: 'Contact must be a phone number (digits, spaces, +, - or brackets)',
  })
  @IsString({ message: 'Contact must be text' })
  @IsNotEmpty({ message: 'Contact is required: a phone number to call back' })
  Contact?: string;

  @ContactFormText(
    'Email',
    120,
    'asha@example.com',
    IsEmail({}, { message: 'Email must be a valid e-mail address' }),
  )
  Email?: string;

  @ContactFormText('Message', 2000, 'We would like a quote for 200 m of khadi, delivered to Pune.')
  Message?: string;

  @ApiPropertyOptional({
    example: '665f1c2e8b3e4a0012345678',
    description:
      'The product (its _id) whose page the enquiry was sent from; stored with its name and ' +
      'slug. A product no longer published is not linked, and the enquiry is kept all the same.',
  })
  @Transform(text)
  @ValidateIf((dto: CreateEnquiryDto) => filled(dto.productId))
  @IsAbsentWith(['serviceId'], { message: 'Send either productId or serviceId, not both' })
  @IsMongoId({ message: 'productId must be the id of a product' })
  productId?: string;

  @ApiPropertyOptional({
    example: '665f1c2e8b3e4a0012345679',
    description: 'The service (its _id) whose page the enquiry was sent from.',
  })
  @Transform(text)
  @ValidateIf((dto: CreateEnquiryDto) => filled(dto.serviceId))
  @IsMongoId({ message: 'serviceId must be the id of a service' })
  serviceId?: string;

  @ApiPropertyOptional({
    example: 'hi',
    enum: [...LOCALE_CODES],
    description:
      "The language of the page the visitor wrote from: one of the site's languages (else a 400); left out, the default language. Shown in the inbox and the CSV's Language column.",
  })
  @Transform(text)
  @ValidateIf((dto: CreateEnquiryDto) => filled(dto.locale))
  @IsIn([...LOCALE_CODES], { message: `locale must be one of: ${LOCALE_CODES.join(', ')}` })
  locale?: string;

  @ApiPropertyOptional({
    type: String,
    example: '',
    description:
      'Honeypot: render it out of people’s sight (not type=hidden) and leave it empty. A ' +
      'value marks the enquiry as spam; the answer is the same, so bots cannot tell.',
  })
  @Transform(honeypot)
  @IsOptional()
  @IsString({ message: 'website must be text' })
  @MaxLength(2000, { message: 'website must be at most 2000 characters' })
  website?: string;
}
