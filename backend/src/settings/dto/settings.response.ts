import { ApiProperty } from '@nestjs/swagger';
import { SITE_SETTINGS_DEFAULTS } from '../settings.defaults';
import { FigureDto, OfferDto, SocialLinkDto } from './update-settings.dto';

const example = SITE_SETTINGS_DEFAULTS;

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

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'Last saved' })
  updatedAt: string;
}
