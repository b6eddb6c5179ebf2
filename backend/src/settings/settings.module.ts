import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from '../revisions/revisions.service';
import {
  SITE_SETTINGS_KEY,
  SiteSettings,
  SiteSettingsSchema,
} from './schemas/site-settings.schema';
import { SettingsController, SettingsRevisionsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** The site's company profile, contact details, figures and offer texts. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SiteSettings.name, schema: SiteSettingsSchema }]),
    MediaModule,
  ],
  // The history's routes first: they were matched before the settings' own, and still are.
  controllers: [SettingsRevisionsController, SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule implements OnModuleInit {
  constructor(private readonly revisions: RevisionsService) {}

  onModuleInit() {
    this.revisions.register({
      entity: 'settings',
      model: SiteSettings.name,
      collection: 'settings',
      label: 'Settings',
      single: { key: SITE_SETTINGS_KEY },
    });
  }
}
