import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { ContentScheduleService } from '../cache/content-schedule.service';
import { MediaLibraryService } from '../media/library/media-library.service';
import { SiteLanguages } from '../common/i18n/site-languages';
import { TranslatedKinds } from '../common/i18n/translated-kinds';
import { MEDIA_TRANSLATABLE } from '../media/library/media-item.schema';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from '../revisions/revisions.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import {
  SETTINGS_TRANSLATABLE,
  SITE_SETTINGS_KEY,
  SiteSettings,
  SiteSettingsSchema,
} from './schemas/site-settings.schema';
import { SettingsController, SettingsRevisionsController } from './settings.controller';
import { DefaultLanguageService } from './default-language.service';
import { LanguageChangeInterceptor } from './language-change.interceptor';
import { SettingsService } from './settings.service';

/**
 * The site's company profile, contact details, figures and offer texts, and its languages:
 * global, so that the entities below it (the content base, the gallery, the media library)
 * read the languages through the SiteLanguages port without importing it.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SiteSettings.name, schema: SiteSettingsSchema }]),
    MediaModule,
  ],
  // The history's routes first: they were matched before the settings' own, and still are.
  controllers: [SettingsRevisionsController, SettingsController],
  providers: [
    SettingsService,
    DefaultLanguageService,
    TranslatedKinds,
    { provide: SiteLanguages, useExisting: SettingsService },
    { provide: APP_INTERCEPTOR, useClass: LanguageChangeInterceptor },
  ],
  exports: [SettingsService, DefaultLanguageService, SiteLanguages, TranslatedKinds],
})
export class SettingsModule implements OnModuleInit {
  constructor(
    private readonly revisions: RevisionsService,
    private readonly library: MediaLibraryService,
    private readonly schedule: ContentScheduleService,
    private readonly settings: SettingsService,
    private readonly events: DomainEventsService,
    private readonly translatedKinds: TranslatedKinds,
  ) {}

  onModuleInit() {
    this.revisions.register({
      entity: 'settings',
      model: SiteSettings.name,
      collection: 'settings',
      label: 'Settings',
      single: { key: SITE_SETTINGS_KEY },
    });
    // The profile's texts and the library's alt texts have a value per language too.
    this.translatedKinds.add({
      collection: 'settings',
      label: 'settings',
      shape: SETTINGS_TRANSLATABLE,
      revisions: 'settings',
    });
    this.translatedKinds.add({
      collection: 'media_items',
      label: 'library image',
      shape: MEDIA_TRANSLATABLE,
    });
    // The home banner's alt text is its library image's: an edit there reaches it.
    this.library.register({
      collection: 'settings',
      type: 'settings',
      singleName: 'Site settings',
      altFollowsLibrary: { model: SiteSettings.name, fields: ['banner'] },
      detach: (_id, mediaId) => this.settings.detachImage(mediaId),
    });
    // An offer appears at its start and goes at its end, with no write at either moment.
    this.schedule.register((now) => this.settings.nextOfferMoment(now));
    // Integrations hear that the profile changed and when; they read it from the API.
    this.events.register({
      kind: 'settings',
      publishable: false,
      describe: (saved) => ({
        updatedAt: saved.updatedAt instanceof Date ? saved.updatedAt.toISOString() : null,
      }),
    });
  }
}
