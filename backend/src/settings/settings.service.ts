import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { imageTagsOf, MediaLibraryService } from '../media/library/media-library.service';
import { RevisionsService } from '../revisions/revisions.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import type { UpdateSettingsDto } from './dto/update-settings.dto';
import { SITE_SETTINGS_KEY, SiteSettings, type SiteProfile } from './schemas/site-settings.schema';
import { SITE_SETTINGS_DEFAULTS } from './settings.defaults';

/** What the API shows: the profile and when it was saved; `_id` and `key` are internal. */
export type SiteSettingsView = SiteProfile & { updatedAt: Date };

const SHOWN = { _id: 0, key: 0 } as const;
const THE_DOCUMENT = { key: SITE_SETTINGS_KEY };

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

@Injectable()
export class SettingsService {
  @Inject(RevisionsService) private readonly revisions!: RevisionsService;

  @Inject(Clock) private readonly clock!: Clock;

  @Inject(MediaLibraryService) private readonly library!: MediaLibraryService;

  @Inject(DomainEventsService) private readonly events!: DomainEventsService;

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
    const { banner, ...fields } = dto;
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
    );
    const profile: Partial<SiteProfile> = { ...this.emptyOptional, ...given };
    if (banner) {
      const image = await this.library.image(banner.mediaId, 'banner.mediaId');
      profile.banner = { ...image, videoUrl: banner.videoUrl ?? '' };
    }
    const before = await this.model
      .findOne(THE_DOCUMENT)
      .lean<SiteSettings & { _id: unknown }>()
      .exec();
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
