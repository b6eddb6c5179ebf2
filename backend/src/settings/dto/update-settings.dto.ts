import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type, type TransformFnParams } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsIn,
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
import {
  IsAfter,
  OptionalMoment,
  OptionalText,
  RequiredText,
} from '../../common/validation/fields';
import { trimmed } from '../../common/validation/transforms';
import { DEMO_LANGUAGES, LOCALE_CODES, PHONE_PATTERN } from '@vitrine/contracts';
import { TranslationsBody, type TranslatedFields } from '../../common/i18n/translations';
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
  @RequiredText('Label', 40, 'Instagram')
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
  @RequiredText('Label', 60, 'People trained')
  label: string;

  @RequiredText('Value', 30, '1000+')
  value: string;
}

export class OfferDto {
  @RequiredText('Title', 120, '20% + 10% off')
  title: string;

  @OptionalText('Text', 500, example.offers[0].text)
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

/** What `translations` of the settings may hold per language, with the same limits as the fields. */
export const SETTINGS_TRANSLATED: TranslatedFields = {
  texts: [
    { name: 'tagline', label: 'Tagline', max: 200 },
    { name: 'description', label: 'Description', max: 2000 },
    { name: 'address', label: 'Address', max: 500 },
    { name: 'servicesOffer', label: 'Services offer', max: 300 },
    { name: 'story', label: 'Story', max: 5000 },
    { name: 'journey', label: 'Journey', max: 5000 },
    { name: 'about', label: 'About', max: 5000 },
    { name: 'heroTitle', label: 'Hero title', max: 120 },
    { name: 'heroSubtitle', label: 'Hero subtitle', max: 300 },
  ],
  lists: {
    figures: [{ name: 'label', label: 'Figure label', max: 60 }],
    offers: [
      { name: 'title', label: 'Offer title', max: 120 },
      { name: 'text', label: 'Offer text', max: 500 },
    ],
  },
  objects: { banner: [{ name: 'alt', label: 'Banner alt text', max: 200 }] },
};

/**
 * The whole profile, replaced at once (PUT). Optional fields left out are stored empty:
 * '' for text, [] for lists.
 */
export class UpdateSettingsDto {
  @RequiredText('Company name', 120, example.companyName)
  companyName: string;

  @OptionalText('Tagline', 200, example.tagline)
  tagline?: string;

  @RequiredText('Description', 2000, example.description, 'Footer and company text')
  description: string;

  @RequiredText('Address', 500, example.address, 'Postal address; lines separated by \\n')
  address: string;

  @RequiredText('Email', 120, example.email)
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ example: example.phone })
  @Transform(trimmed)
  @IsString({ message: 'Phone must be text' })
  @IsNotEmpty({ message: 'Phone is required' })
  @Matches(PHONE_PATTERN, {
    message: 'Phone must be a phone number (digits, spaces, +, - or brackets)',
  })
  phone: string;

  @OptionalText('Tax line', 120, example.taxLine, 'Tax registration line')
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

  @OptionalText(
    'Services offer',
    300,
    example.servicesOffer,
    'Extra-discount note on the services page',
  )
  servicesOffer?: string;

  @OptionalText('Story', 5000, example.story, 'Home page story')
  story?: string;

  @OptionalText('Journey', 5000, example.journey, 'About page journey text')
  journey?: string;

  @OptionalText('About', 5000, example.about, 'About page company story')
  about?: string;

  @OptionalText('Hero title', 120, example.heroTitle)
  heroTitle?: string;

  @OptionalText('Hero subtitle', 300, example.heroSubtitle)
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

  @ApiPropertyOptional({
    type: [String],
    example: [...DEMO_LANGUAGES],
    description:
      "The site's languages (codes of LOCALES), the default first, each once. Left out: kept as they are. A list with another first makes it the default: each item's texts in it become its own (an item without them keeps its own), the former default's become its translation, and earlier addresses keep answering 301 to their items; 409 if two items would then share an address, or another change of the default is under way. A language taken off keeps its translations (adding it again brings them back), but the public site stops serving it.",
  })
  @IsOptional()
  @IsArray({ message: 'Languages must be a list of language codes' })
  @ArrayMinSize(1, { message: 'The site needs at least one language' })
  @ArrayMaxSize(LOCALE_CODES.length, { message: `At most ${LOCALE_CODES.length} languages` })
  @IsIn([...LOCALE_CODES], {
    each: true,
    message: `Each language must be one of: ${LOCALE_CODES.join(', ')}`,
  })
  @ArrayUnique({ message: 'Each language may be listed only once' })
  languages?: string[];

  @TranslationsBody(
    SETTINGS_TRANSLATED,
    {
      hi: {
        tagline: 'जयपुर से, 2002 से, हथकरघा कपड़े और सोचे-समझे इंटीरियर',
        figures: [{ label: 'स्थापना' }],
        offers: [{ title: '20% + 10% की छूट', text: 'हर लिनन पर' }],
        banner: { alt: 'धूप में सूखते नील ब्लॉक प्रिंट' },
      },
    },
    'Lists are translated element by element, in the same order as the fields (`figures[0].label`); left out: kept as they are.',
  )
  translations?: Record<string, Record<string, unknown>>;

  // A client that sends back what GET gave it (a round trip) may include this; it is the
  // server's to work out, and ignored.
  @ApiHideProperty()
  @Allow()
  translationStatus?: unknown;
}
