import { Module } from '@nestjs/common';

/** The site's company profile, contact details, figures and offer texts. */
@Module({})
export class SettingsModule {}
