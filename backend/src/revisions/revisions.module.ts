import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { SettingsModule } from '../settings/settings.module';
import {
  ProductRevisionsController,
  ReviewRevisionsController,
  ServiceRevisionsController,
  SettingsRevisionsController,
} from './revisions.controller';
import { RevisionsService } from './revisions.service';
import { Revision, RevisionSchema } from './schemas/revision.schema';

/** Global: the modules whose items are revised record each update here. */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Revision.name, schema: RevisionSchema }]),
    MediaModule,
    SettingsModule,
  ],
  controllers: [
    ProductRevisionsController,
    ServiceRevisionsController,
    ReviewRevisionsController,
    SettingsRevisionsController,
  ],
  providers: [RevisionsService],
  exports: [RevisionsService],
})
export class RevisionsModule {}
