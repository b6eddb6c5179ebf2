import type { Type } from '@nestjs/common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { changesPublicContent } from '../../cache/content-version';
import { recordsMediaReferences } from '../../media/media-references';
import type { Media } from '../../media/media.types';
import { DEFAULT_LANGUAGES } from '@vitrine/contracts';
import type { TranslatableShape } from '../../common/i18n/translations';

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
 * The profile's texts, in the order they are stored and answered: the company's (the
 * footer, the contact page) before its lists, the pages' after. A required one is always
 * there; an optional one is '' when left out. The answer (dto/settings.response.ts) lists
 * them from here too; each has its own rules in dto/update-settings.dto.ts.
 */
export const COMPANY_TEXTS = {
  companyName: 'required',
  tagline: 'optional',
  /** Footer / company text. */
  description: 'required',
  /** Postal address, one line per line of the envelope. */
  address: 'required',
  email: 'required',
  phone: 'required',
  /** Tax registration line, e.g. "GSTIN 08ABCDE1234F1Z5". */
  taxLine: 'optional',
  /** A chat link such as https://wa.me/…; http(s) only. */
  chatLink: 'optional',
  /**
   * The WhatsApp number (international, any notation): "Ask on WhatsApp" on product and
   * service pages and the phones' sticky button open a chat with it. '' for none.
   */
  whatsapp: 'optional',
} as const;

export const PAGE_TEXTS = {
  /** The extra-discount note on the services page. */
  servicesOffer: 'optional',
  /** Home page story. */
  story: 'optional',
  /** About page journey text. */
  journey: 'optional',
  /** About page company story. */
  about: 'optional',
  heroTitle: 'optional',
  heroSubtitle: 'optional',
} as const;

/** `base` with the stored `texts`, in their order, trimmed. */
function StoredTexts<Base extends object, Name extends string>(
  base: Type<Base>,
  texts: Record<Name, 'required' | 'optional'>,
): Type<Base & Record<Name, string>> {
  class Texts extends (base as Type<object>) {}
  for (const [name, need] of Object.entries<'required' | 'optional'>(texts)) {
    const stored = need === 'required' ? { required: true } : { default: '' };
    Prop({ type: String, ...stored, trim: true })(Texts.prototype, name);
  }
  return Texts as Type<Base & Record<Name, string>>;
}

class SettingsKey {
  @Prop({ required: true, unique: true, default: SITE_SETTINGS_KEY })
  key: string;
}

class CompanySettings extends StoredTexts(SettingsKey, COMPANY_TEXTS) {
  @Prop({ type: [SchemaFactory.createForClass(SocialLink)], default: [] })
  social: SocialLink[];

  @Prop({ type: [SchemaFactory.createForClass(Figure)], default: [] })
  figures: Figure[];

  @Prop({ type: [SchemaFactory.createForClass(Offer)], default: [] })
  offers: Offer[];
}

/**
 * The company profile the public pages show (footer, home, about, services, contact).
 * A single document, found by `key`; `_id` and `key` never leave the API. Its fields, in
 * their stored order: the key, the company's texts and lists, the pages' texts, the banner.
 */
@Schema({
  collection: 'settings',
  timestamps: { createdAt: false, updatedAt: true },
  versionKey: false,
})
export class SiteSettings extends StoredTexts(CompanySettings, PAGE_TEXTS) {
  /** None (null): the home page shows its default banner. */
  @Prop({ type: SchemaFactory.createForClass(SiteBanner), default: null })
  banner: SiteBanner | null;

  /** The site's languages (codes of LOCALES), the default first; a site that never chose: English. */
  @Prop({ type: [String], default: () => [...DEFAULT_LANGUAGES] })
  languages: string[];

  /**
   * The visitor-facing texts in the other languages (SETTINGS_TRANSLATABLE): `{ hi: {
   * tagline, figures: [{ label }], offers: [{ title, text }], banner: { alt } } }`. A language
   * taken off the site keeps its texts here, for its return.
   */
  @Prop({ type: Object, default: undefined })
  translations?: Record<string, Record<string, unknown>>;

  updatedAt: Date;
}

export const SiteSettingsSchema = SchemaFactory.createForClass(SiteSettings);
SiteSettingsSchema.plugin(changesPublicContent);
SiteSettingsSchema.plugin(recordsMediaReferences);

/**
 * The profile's visitor-facing texts, which have a value per language: the company's and the
 * pages' words, the figures' labels, the offers and the banner's alt text; not the company's
 * name, its e-mail, phone, tax line or links.
 */
export const SETTINGS_TRANSLATABLE: TranslatableShape = {
  texts: [
    'tagline',
    'description',
    'address',
    'servicesOffer',
    'story',
    'journey',
    'about',
    'heroTitle',
    'heroSubtitle',
  ],
  lists: { figures: ['label'], offers: ['title', 'text'] },
  objects: { banner: ['alt'] },
};

/** The profile as it is edited and shown: everything but the key and the timestamp. */
export type SiteProfile = Omit<SiteSettings, 'key' | 'updatedAt'>;
