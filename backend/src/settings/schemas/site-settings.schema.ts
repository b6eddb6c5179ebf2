import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { changesPublicContent } from '../../cache/content-version';
import { recordsMediaReferences } from '../../media/media-references';
import type { Media } from '../../media/media.types';

/** The one settings document's fixed key (unique, so it can only ever be created once). */
export const SITE_SETTINGS_KEY = 'site';

@Schema({ _id: false })
export class SocialLink {
  @Prop({ required: true, trim: true })
  label: string;

  @Prop({ required: true, trim: true })
  url: string;
}

@Schema({ _id: false })
export class Figure {
  @Prop({ required: true, trim: true })
  label: string;

  @Prop({ required: true, trim: true })
  value: string;
}

@Schema({ _id: false })
export class Offer {
  @Prop({ required: true, trim: true })
  title: string;

  @Prop({ default: '', trim: true })
  text: string;

  // Stored only when set, so an offer without dates keeps the shape the site's first client
  // knows ({ title, text }).
  /** Visitors see the offer from this moment on; none (or null) for at once. */
  @Prop({ type: Date })
  startsAt?: Date | null;

  /** …and no longer from this one; none (or null) for never. */
  @Prop({ type: Date })
  endsAt?: Date | null;
}

/**
 * The home page's banner: a media library image (its variants kept here, so the page needs
 * no library to render, and so the library counts the banner as a use), and optionally a
 * video that plays over it with the image as its poster. The library holds images only, so
 * a video is the address of a file hosted elsewhere.
 */
@Schema({ _id: false })
export class SiteBanner {
  @Prop({ required: true })
  mediaId: string;

  /** The library image's alt text (kept in step when it is edited there). */
  @Prop({ default: '', trim: true })
  alt: string;

  @Prop({ type: Object, required: true })
  media: Media;

  /** An http(s) address of an MP4 or WebM file; '' for none. */
  @Prop({ default: '', trim: true })
  videoUrl: string;
}

export type SiteSettingsDocument = HydratedDocument<SiteSettings>;

/**
 * The company profile the public pages show (footer, home, about, services, contact).
 * A single document, found by `key`; `_id` and `key` never leave the API.
 */
@Schema({
  collection: 'settings',
  timestamps: { createdAt: false, updatedAt: true },
  versionKey: false,
})
export class SiteSettings {
  @Prop({ required: true, unique: true, default: SITE_SETTINGS_KEY })
  key: string;

  @Prop({ required: true, trim: true })
  companyName: string;

  @Prop({ default: '', trim: true })
  tagline: string;

  /** Footer / company text. */
  @Prop({ required: true, trim: true })
  description: string;

  /** Postal address, one line per line of the envelope. */
  @Prop({ required: true, trim: true })
  address: string;

  @Prop({ required: true, trim: true })
  email: string;

  @Prop({ required: true, trim: true })
  phone: string;

  /** Tax registration line, e.g. "GSTIN 08ABCDE1234F1Z5". */
  @Prop({ default: '', trim: true })
  taxLine: string;

  /** A chat link such as https://wa.me/…; http(s) only. */
  @Prop({ default: '', trim: true })
  chatLink: string;

  /**
   * The WhatsApp number (international, any notation): "Ask on WhatsApp" on product and
   * service pages and the phones' sticky button open a chat with it. '' for none.
   */
  @Prop({ default: '', trim: true })
  whatsapp: string;

  @Prop({ type: [SchemaFactory.createForClass(SocialLink)], default: [] })
  social: SocialLink[];

  @Prop({ type: [SchemaFactory.createForClass(Figure)], default: [] })
  figures: Figure[];

  @Prop({ type: [SchemaFactory.createForClass(Offer)], default: [] })
  offers: Offer[];

  /** The extra-discount note on the services page. */
  @Prop({ default: '', trim: true })
  servicesOffer: string;

  /** Home page story. */
  @Prop({ default: '', trim: true })
  story: string;

  /** About page journey text. */
  @Prop({ default: '', trim: true })
  journey: string;

  /** About page company story. */
  @Prop({ default: '', trim: true })
  about: string;

  @Prop({ default: '', trim: true })
  heroTitle: string;

  @Prop({ default: '', trim: true })
  heroSubtitle: string;

  /** None (null): the home page shows its default banner. */
  @Prop({ type: SchemaFactory.createForClass(SiteBanner), default: null })
  banner: SiteBanner | null;

  updatedAt: Date;
}

export const SiteSettingsSchema = SchemaFactory.createForClass(SiteSettings);
SiteSettingsSchema.plugin(changesPublicContent);
SiteSettingsSchema.plugin(recordsMediaReferences);

/** The profile as it is edited and shown: everything but the key and the timestamp. */
export type SiteProfile = Omit<SiteSettings, 'key' | 'updatedAt'>;
