import { ApiProperty } from '@nestjs/swagger';
import { Media } from '../../media/media.types';
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

/** The profile as GET and PUT return it: every field present (optional ones possibly ''). */
export class SettingsResponse {
  @ApiProperty({ example: example.companyName })
  companyName: string;

  @ApiProperty({ example: example.tagline })
  tagline: string;

  @ApiProperty({ example: example.description })
  description: string;

  @ApiProperty({ example: example.address })
  address: string;

  @ApiProperty({ example: example.email })
  email: string;

  @ApiProperty({ example: example.phone })
  phone: string;

  @ApiProperty({ example: example.taxLine })
  taxLine: string;

  @ApiProperty({ example: example.chatLink, description: "'' when there is none" })
  chatLink: string;

  @ApiProperty({ example: example.whatsapp, description: "'' when there is none" })
  whatsapp: string;

  @ApiProperty({ type: [SocialLinkDto], example: example.social })
  social: SocialLinkDto[];

  @ApiProperty({ type: [FigureDto], example: example.figures })
  figures: FigureDto[];

  @ApiProperty({ type: [OfferDto], example: example.offers })
  offers: OfferDto[];

  @ApiProperty({ example: example.servicesOffer })
  servicesOffer: string;

  @ApiProperty({ example: example.story })
  story: string;

  @ApiProperty({ example: example.journey })
  journey: string;

  @ApiProperty({ example: example.about })
  about: string;

  @ApiProperty({ example: example.heroTitle })
  heroTitle: string;

  @ApiProperty({ example: example.heroSubtitle })
  heroSubtitle: string;

  @ApiProperty({
    type: BannerResponse,
    nullable: true,
    description: "The home page's banner; null for the default one",
  })
  banner: BannerResponse | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'Last saved' })
  updatedAt: string;
}
