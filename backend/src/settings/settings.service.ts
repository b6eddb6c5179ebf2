import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGES, type TranslationStatus } from '@vitrine/contracts';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { SiteLanguages } from '../common/i18n/site-languages';
import {
  assertSiteTranslations,
  localize,
  mergedTranslations,
  translationStatus,
  withoutTranslations,
} from '../common/i18n/translations';
import { imageTagsOf, MediaLibraryService } from '../media/library/media-library.service';
import { RevisionsService } from '../revisions/revisions.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import { DefaultLanguageService } from './default-language.service';
import type { UpdateSettingsDto } from './dto/update-settings.dto';
import {
  SETTINGS_TRANSLATABLE,
  SITE_SETTINGS_KEY,
  SiteSettings,
  type SiteProfile,
} from './schemas/site-settings.schema';
import { SITE_SETTINGS_DEFAULTS } from './settings.defaults';

/** What the API shows: the profile and when it was saved; `_id` and `key` are internal. */
export type SiteSettingsView = SiteProfile & { updatedAt: Date };

/** An administrator's view adds, per non-default language, the texts still untranslated. */
export type AdminSettingsView = SiteSettingsView & { translationStatus: TranslationStatus };

const SHOWN = { _id: 0, key: 0 } as const;
const THE_DOCUMENT = { key: SITE_SETTINGS_KEY };

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

@Injectable()
export class SettingsService implements SiteLanguages {
  @Inject(RevisionsService) private readonly revisions!: RevisionsService;

  @Inject(Clock) private readonly clock!: Clock;

  @Inject(MediaLibraryService) private readonly library!: MediaLibraryService;

  @Inject(DomainEventsService) private readonly events!: DomainEventsService;

  @Inject(DefaultLanguageService) private readonly defaultLanguage!: DefaultLanguageService;

  /**
   * What the optional fields are when a PUT leaves them out, or a profile saved before they
   * existed lacks them: what a new document has, the schema's defaults ('' for a text, []
   * for a list, null for the banner). The required fields have none.
   */
  private readonly emptyOptional: Partial<SiteProfile>;

  constructor(@InjectModel(SiteSettings.name) private readonly model: Model<SiteSettings>) {
    const { _id, key: _key, ...defaults } = new model().toObject();
    this.emptyOptional = defaults;
  }

  /**
   * Without the offers whose time has not come or has passed. The content version moves
   * on at each start and end (ContentScheduleService), so no cache keeps one longer.
   */
  asVisitorsSeeIt(settings: SiteSettingsView): SiteSettingsView {
    const now = this.clock.now();
    return {
      ...settings,
      offers: settings.offers.filter(
        (offer) =>
          !(offer.startsAt && offer.startsAt > now) && !(offer.endsAt && offer.endsAt <= now),
      ),
    };
  }

  /** The site's languages, the default first (English alone for a site that never chose). */
  async languages(): Promise<string[]> {
    const found = await this.model.collection.findOne<{ languages?: string[] }>(THE_DOCUMENT, {
      projection: { languages: 1 },
    });
    return found?.languages?.length ? found.languages : [...DEFAULT_LANGUAGES];
  }

  /** What an administrator reads: every language's texts, and what is still untranslated. */
  forAdmin(settings: SiteSettingsView): AdminSettingsView {
    const doc = settings as unknown as Record<string, unknown>;
    return {
      ...settings,
      translations: settings.translations ?? {},
      translationStatus: translationStatus(doc, SETTINGS_TRANSLATABLE, settings.languages),
    };
  }

  /**
   * What a visitor reads: in `locale` (one of the site's, checked by the caller), each text
   * falling back to the default language's, with `locale` and `fallbackFields`; without one,
   * the default language's texts as before. Never the other languages' texts.
   */
  inLanguage(settings: SiteSettingsView, locale: string | undefined): Record<string, unknown> {
    const doc = settings as unknown as Record<string, unknown>;
    const defaultLocale = settings.languages[0];
    if (locale === undefined) return withoutTranslations(doc, SETTINGS_TRANSLATABLE, defaultLocale);
    const localized = localize(doc, SETTINGS_TRANSLATABLE, locale, defaultLocale);
    return { ...localized.doc, locale, fallbackFields: localized.fallbackFields };
  }

  /** The next start or end of an offer after `now`: the content schedule's moment. */
  async nextOfferMoment(now: Date): Promise<Date | undefined> {
    const settings = await this.model.collection.findOne<Pick<SiteProfile, 'offers'>>(
      {},
      { projection: { offers: 1 } },
    );
    const moments = (settings?.offers ?? [])
      .flatMap((offer) => [offer.startsAt, offer.endsAt])
      .filter((moment): moment is Date => moment instanceof Date && moment > now);
    return moments.sort((a, b) => a.getTime() - b.getTime())[0];
  }

  /** The profile; the first call on a new database stores the defaults. */
  async get(): Promise<SiteSettingsView> {
    const found = await this.model.findOne(THE_DOCUMENT, SHOWN).lean<SiteSettingsView>().exec();
    // A profile saved before a field existed shows it empty, like a PUT that leaves it out.
    if (found) return { ...this.emptyOptional, ...found } as SiteSettingsView;
    // Insert-if-absent in one atomic upsert; $setOnInsert leaves a document another request
    // created meanwhile alone. timestamps: false, or every call would bump updatedAt.
    return this.upsert(() =>
      this.model
        .findOneAndUpdate(
          THE_DOCUMENT,
          { $setOnInsert: { ...SITE_SETTINGS_DEFAULTS, updatedAt: new Date() } },
          { upsert: true, returnDocument: 'after', projection: SHOWN, timestamps: false },
        )
        .lean<SiteSettingsView>()
        .orFail()
        .exec(),
    );
  }

  /** Saves the whole profile (creating the document if need be), keeping the version it replaces. */
  async replace(dto: UpdateSettingsDto): Promise<SiteSettingsView> {
    const { banner, languages, translations, translationStatus: _status, ...fields } = dto;
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
    );
    // The languages and translations are kept when a PUT leaves them out: a client that
    // knows nothing of languages must not take them off the site by saving its profile.
    const { languages: _languages, translations: _translations, ...empty } = this.emptyOptional;
    const profile: Partial<SiteProfile> = { ...empty, ...given };
    if (banner) {
      const image = await this.library.image(banner.mediaId, 'banner.mediaId');
      profile.banner = { ...image, videoUrl: banner.videoUrl ?? '' };
    }
    const before = await this.model
      .findOne(THE_DOCUMENT)
      .lean<SiteSettings & { _id: unknown }>()
      .exec();
    const current = before?.languages?.length ? before.languages : [...DEFAULT_LANGUAGES];
    // A new default is saved in two steps: the body's texts are in today's layout (the
    // default's as the profile's own fields), so they are saved first, with the languages
    // in today's order; then every item is rewritten with the new default first.
    const [from, to] = [current[0], languages?.[0] ?? current[0]];
    if (from !== to) await this.defaultLanguage.assertAddressesFree(to);
    const saving = languages && [from, ...languages.filter((code) => code !== from)];
    if (saving) profile.languages = saving;
    if (translations) {
      assertSiteTranslations(translations, saving ?? current, before?.translations);
      profile.translations = mergedTranslations(before?.translations, translations) as Record<
        string,
        Record<string, unknown>
      >;
    }
    const saved = await this.upsert(() =>
      this.model
        .findOneAndUpdate(
          THE_DOCUMENT,
          { $set: profile },
          { upsert: true, returnDocument: 'after', projection: SHOWN, runValidators: true },
        )
        .lean<SiteSettingsView>()
        .orFail()
        .exec(),
    );
    if (before) {
      await this.revisions.record(before, { ...before, ...saved }, this.model.collection.name);
    }
    if (from !== to && languages) {
      await this.defaultLanguage.change(from, to, languages);
      const changed = await this.get();
      await this.events.updated('settings', before ?? {}, changed);
      return changed;
    }
    await this.events.updated('settings', before ?? {}, saved);
    return saved;
  }

  /**
   * Takes the library image `mediaId` out of the profile: the home banner that shows it
   * goes, and so do its `<img>` tags in any text; the version replaced is kept, as a save's.
   */
  async detachImage(mediaId: string): Promise<void> {
    const before = await this.model
      .findOne(THE_DOCUMENT)
      .lean<SiteSettings & { _id: unknown } & Record<string, unknown>>()
      .exec();
    if (!before) return;
    const changes: Record<string, unknown> = {};
    if ((before.banner as { mediaId?: string } | null)?.mediaId === mediaId) changes.banner = null;
    for (const [field, value] of Object.entries(before)) {
      if (typeof value !== 'string') continue;
      const edited = value.replace(imageTagsOf(mediaId), '');
      if (edited !== value) changes[field] = edited;
    }
    if (Object.keys(changes).length === 0) return;
    const saved = await this.model
      .findOneAndUpdate(
        THE_DOCUMENT,
        { $set: changes },
        { returnDocument: 'after', projection: SHOWN },
      )
      .lean<SiteSettingsView>()
      .orFail()
      .exec();
    await this.revisions.record(before, { ...before, ...saved }, this.model.collection.name);
    await this.events.updated('settings', before, saved);
  }

  /**
   * Two upserts racing on a new database: the unique key lets only one insert, and the
   * other's duplicate-key error means the document exists now, so it simply tries again.
   */
  private async upsert<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDuplicateKey(error)) return write();
      throw error;
    }
  }
}
