import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { SiteSettings, SiteSettingsSchema } from './schemas/site-settings.schema';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** The site's company profile, contact details, figures and offer texts. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SiteSettings.name, schema: SiteSettingsSchema }]),
    MediaModule,
  ],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
