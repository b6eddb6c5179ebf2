import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type, type TransformFnParams } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsAfter, OptionalMoment } from '../../common/validation/fields';
import { trimmed } from '../../common/validation/transforms';
import { PHONE_PATTERN } from '@vitrine/contracts';
import { SITE_SETTINGS_DEFAULTS } from '../settings.defaults';

/** Links the public pages render as `href`: absolute http(s) only, never `javascript:`. */
const WEB_ADDRESS = { protocols: ['http', 'https'], require_protocol: true };

/** An optional link sent empty means "none": it is stored as '' without being checked. */
const blankAsNone = (params: TransformFnParams): unknown => {
  const value = trimmed(params);
  return value === '' ? undefined : value;
};

const example = SITE_SETTINGS_DEFAULTS;

export class SocialLinkDto {
  @ApiProperty({ example: 'Instagram' })
  @Transform(trimmed)
  @IsString({ message: 'Label must be text' })
  @IsNotEmpty({ message: 'Label is required' })
  @MaxLength(40, { message: 'Label must be at most 40 characters' })
  label: string;

  @ApiProperty({ example: 'https://www.instagram.com/vitrine.studio' })
  @Transform(trimmed)
  @IsString({ message: 'URL must be text' })
  @IsNotEmpty({ message: 'URL is required' })
  @IsUrl(WEB_ADDRESS, { message: 'URL must be a web address starting with http:// or https://' })
  @MaxLength(500, { message: 'URL must be at most 500 characters' })
  url: string;
}

export class FigureDto {
  @ApiProperty({ example: 'People trained' })
  @Transform(trimmed)
  @IsString({ message: 'Label must be text' })
  @IsNotEmpty({ message: 'Label is required' })
  @MaxLength(60, { message: 'Label must be at most 60 characters' })
  label: string;

  @ApiProperty({ example: '1000+' })
  @Transform(trimmed)
  @IsString({ message: 'Value must be text' })
  @IsNotEmpty({ message: 'Value is required' })
  @MaxLength(30, { message: 'Value must be at most 30 characters' })
  value: string;
}

export class OfferDto {
  @ApiProperty({ example: '20% + 10% off' })
  @Transform(trimmed)
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(120, { message: 'Title must be at most 120 characters' })
  title: string;

  @ApiPropertyOptional({ example: example.offers[0].text })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Text must be text' })
  @MaxLength(500, { message: 'Text must be at most 500 characters' })
  text?: string;

  @OptionalMoment('Start', 'Shown to visitors from then on; null or empty for at once')
  startsAt?: Date | null;

  @OptionalMoment('End', 'Hidden from visitors from then on; null or empty for never')
  @IsAfter('startsAt', { message: 'The end must come after the start' })
  endsAt?: Date | null;
}

/** A video file's address: http(s), its path ending in .mp4 or .webm. */
const VIDEO_FILE = /^https?:\/\/[^\s?#]+\.(mp4|webm)([?#]\S*)?$/i;

/** The home banner as an editor chooses it: a library image, and optionally a video over it. */
export class BannerDto {
  @ApiProperty({ example: '8f14e45fceea167a5a36', description: 'A media library image' })
  @IsString({ message: 'Banner image must be a media library image id' })
  @Matches(/^[0-9a-f]{20}$/, { message: 'Banner image must be a media library image id' })
  mediaId: string;

  @ApiPropertyOptional({
    example: 'https://cdn.vitrine.example/banner.mp4',
    description:
      'An MP4 or WebM file played over the image (its poster), muted and looped; empty for none',
  })
  @Transform(blankAsNone)
  @IsOptional()
  @IsString({ message: 'Banner video must be text' })
  @MaxLength(500, { message: 'Banner video must be at most 500 characters' })
  @IsUrl(WEB_ADDRESS, {
    message: 'Banner video must be a web address starting with http:// or https://',
  })
  @Matches(VIDEO_FILE, { message: 'Banner video must be the address of an .mp4 or .webm file' })
  videoUrl?: string;
  // A client that sends back what GET gave it (a round trip) may include these; the library's
  // alt text and variants are used whatever they say.
  @ApiHideProperty()
  @Allow()
  alt?: unknown;

  @ApiHideProperty()
  @Allow()
  media?: unknown;
}

/**
 * The whole profile, replaced at once (PUT). Optional fields left out are stored empty:
 * '' for text, [] for lists.
 */
export class UpdateSettingsDto {
  @ApiProperty({ example: example.companyName })
  @Transform(trimmed)
  @IsString({ message: 'Company name must be text' })
  @IsNotEmpty({ message: 'Company name is required' })
  @MaxLength(120, { message: 'Company name must be at most 120 characters' })
  companyName: string;

  @ApiPropertyOptional({ example: example.tagline })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Tagline must be text' })
  @MaxLength(200, { message: 'Tagline must be at most 200 characters' })
  tagline?: string;

  @ApiProperty({ example: example.description, description: 'Footer and company text' })
  @Transform(trimmed)
  @IsString({ message: 'Description must be text' })
  @IsNotEmpty({ message: 'Description is required' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description: string;

  @ApiProperty({ example: example.address, description: 'Postal address; lines separated by \\n' })
  @Transform(trimmed)
  @IsString({ message: 'Address must be text' })
  @IsNotEmpty({ message: 'Address is required' })
  @MaxLength(500, { message: 'Address must be at most 500 characters' })
  address: string;

  @ApiProperty({ example: example.email })
  @Transform(trimmed)
  @IsString({ message: 'Email must be text' })
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  @MaxLength(120, { message: 'Email must be at most 120 characters' })
  email: string;

  @ApiProperty({ example: example.phone })
  @Transform(trimmed)
  @IsString({ message: 'Phone must be text' })
  @IsNotEmpty({ message: 'Phone is required' })
  @Matches(PHONE_PATTERN, {
    message: 'Phone must be a phone number (digits, spaces, +, - or brackets)',
  })
  phone: string;

  @ApiPropertyOptional({ example: example.taxLine, description: 'Tax registration line' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Tax line must be text' })
  @MaxLength(120, { message: 'Tax line must be at most 120 characters' })
  taxLine?: string;

  @ApiPropertyOptional({
    example: example.chatLink,
    description: 'Chat link (e.g. WhatsApp); http(s) only, empty for none',
  })
  @Transform(blankAsNone)
  @IsOptional()
  @IsString({ message: 'Chat link must be text' })
  @IsUrl(WEB_ADDRESS, {
    message: 'Chat link must be a web address starting with http:// or https://',
  })
  @MaxLength(500, { message: 'Chat link must be at most 500 characters' })
  chatLink?: string;

  @ApiPropertyOptional({
    example: example.whatsapp,
    description:
      'WhatsApp number, international (with the country code); empty for none. The public ' +
      'pages link to https://wa.me/<its digits>.',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'WhatsApp number must be text' })
  @ValidateIf((dto: UpdateSettingsDto) => dto.whatsapp !== '')
  @Matches(PHONE_PATTERN, {
    message: 'WhatsApp number must be a phone number (digits, spaces, +, - or brackets)',
  })
  whatsapp?: string;

  @ApiPropertyOptional({ type: [SocialLinkDto], example: example.social, maxItems: 8 })
  @IsOptional()
  @IsArray({ message: 'Social links must be a list' })
  @ArrayMaxSize(8, { message: 'At most 8 social links' })
  @ValidateNested({ each: true, message: 'Each social link needs a label and a url' })
  @Type(() => SocialLinkDto)
  social?: SocialLinkDto[];

  @ApiPropertyOptional({ type: [FigureDto], example: example.figures, maxItems: 12 })
  @IsOptional()
  @IsArray({ message: 'Figures must be a list' })
  @ArrayMaxSize(12, { message: 'At most 12 figures' })
  @ValidateNested({ each: true, message: 'Each figure needs a label and a value' })
  @Type(() => FigureDto)
  figures?: FigureDto[];

  @ApiPropertyOptional({ type: [OfferDto], example: example.offers, maxItems: 12 })
  @IsOptional()
  @IsArray({ message: 'Offers must be a list' })
  @ArrayMaxSize(12, { message: 'At most 12 offers' })
  @ValidateNested({ each: true, message: 'Each offer needs a title' })
  @Type(() => OfferDto)
  offers?: OfferDto[];

  @ApiPropertyOptional({
    example: example.servicesOffer,
    description: 'Extra-discount note on the services page',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Services offer must be text' })
  @MaxLength(300, { message: 'Services offer must be at most 300 characters' })
  servicesOffer?: string;

  @ApiPropertyOptional({ example: example.story, description: 'Home page story' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Story must be text' })
  @MaxLength(5000, { message: 'Story must be at most 5000 characters' })
  story?: string;

  @ApiPropertyOptional({ example: example.journey, description: 'About page journey text' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Journey must be text' })
  @MaxLength(5000, { message: 'Journey must be at most 5000 characters' })
  journey?: string;

  @ApiPropertyOptional({ example: example.about, description: 'About page company story' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'About must be text' })
  @MaxLength(5000, { message: 'About must be at most 5000 characters' })
  about?: string;

  @ApiPropertyOptional({ example: example.heroTitle })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Hero title must be text' })
  @MaxLength(120, { message: 'Hero title must be at most 120 characters' })
  heroTitle?: string;

  @ApiPropertyOptional({ example: example.heroSubtitle })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Hero subtitle must be text' })
  @MaxLength(300, { message: 'Hero subtitle must be at most 300 characters' })
  heroSubtitle?: string;

  @ApiPropertyOptional({
    type: BannerDto,
    nullable: true,
    description: "The home page's banner; null or left out for the default one",
  })
  @IsOptional()
  @IsObject({ message: 'Banner must be { mediaId, videoUrl? }' })
  @ValidateNested()
  @Type(() => BannerDto)
  banner?: BannerDto | null;
}
