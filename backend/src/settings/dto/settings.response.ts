import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Media } from '../../media/media.types';
import { COMPANY_TEXTS, PAGE_TEXTS, type SiteProfile } from '../schemas/site-settings.schema';
import { SITE_SETTINGS_DEFAULTS } from '../settings.defaults';
import { FigureDto, OfferDto, SocialLinkDto } from './update-settings.dto';

const example = SITE_SETTINGS_DEFAULTS;

export class BannerResponse {
  @ApiProperty({ example: '8f14e45fceea167a5a36', description: 'The media library image' })
  mediaId: string;

  @ApiProperty({
    example: 'Indigo block prints drying in the sun',
    description: "The library's alt text",
  })
  alt: string;

  @ApiProperty({ type: Media })
  media: Media;

  @ApiProperty({
    example: 'https://cdn.vitrine.example/banner.mp4',
    description: "A video over the image (its poster); '' for none",
  })
  videoUrl: string;
}

type Text = {
  [Name in keyof SiteProfile]-?: SiteProfile[Name] extends string ? Name : never;
}[keyof SiteProfile];

/** The names of the schema's texts (COMPANY_TEXTS, PAGE_TEXTS), in their order. */
const keysOf = <Name extends Text>(texts: Record<Name, unknown>) => Object.keys(texts) as Name[];

const NONE = "'' when there is none";

/**
 * `base` with the profile's texts `names`, in that order: each answered whole (an optional
 * one possibly ''), with the default site's as its example, and a note where it needs one.
 */
function AnsweredTexts<Base extends object, Name extends Text>(
  base: Type<Base>,
  names: readonly Name[],
  notes: Partial<Record<Name, string>> = {},
): Type<Base & Record<Name, string>> {
  class Texts extends (base as Type<object>) {}
  for (const name of names) {
    ApiProperty({ type: String, example: example[name], description: notes[name] })(
      Texts.prototype,
      name,
    );
  }
  return Texts as Type<Base & Record<Name, string>>;
}

/** The company's texts (the footer, the contact page), then its lists. */
class CompanyResponse extends AnsweredTexts(class {}, keysOf(COMPANY_TEXTS), {
  chatLink: NONE,
  whatsapp: NONE,
}) {
  @ApiProperty({ type: [SocialLinkDto], example: example.social })
  social: SocialLinkDto[];

  @ApiProperty({ type: [FigureDto], example: example.figures })
  figures: FigureDto[];

  @ApiProperty({ type: [OfferDto], example: example.offers })
  offers: OfferDto[];
}

/**
 * The profile as GET and PUT return it: every field present (optional ones possibly ''),
 * the company's, then the pages' texts, the banner and when it was saved.
 */
export class SettingsResponse extends AnsweredTexts(CompanyResponse, keysOf(PAGE_TEXTS)) {
  @ApiProperty({
    type: BannerResponse,
    nullable: true,
    description: "The home page's banner; null for the default one",
  })
  banner: BannerResponse | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'Last saved' })
  updatedAt: string;

  @ApiProperty({
    type: [String],
    example: ['en', 'hi'],
    description: "The site's languages, the default first (['en'] for a site that never chose)",
  })
  languages: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: true },
    example: { hi: { tagline: 'जयपुर से हथकरघा कपड़े', figures: [{ label: 'स्थापना' }] } },
    description:
      "Administrators only: the visitor-facing texts in the site's other languages, by language code",
  })
  translations?: Record<string, Record<string, unknown>>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { hi: ['story', 'figures.1.label'] },
    description:
      'Administrators only: per non-default language, the texts (paths) that have a value in the default language and none in that one',
  })
  translationStatus?: Record<string, string[]>;

  @ApiPropertyOptional({
    example: 'hi',
    description: 'With `?locale=`: the language the texts are in',
  })
  locale?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['story'],
    description: "With `?locale=`: the texts that fell back to the default language's",
  })
  fallbackFields?: string[];
}
