import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from './revisions.service';
import { Revision, RevisionSchema } from './schemas/revision.schema';

/**
 * Global: the modules whose items are revised register their kind and record each update
 * here, and list their history's routes among their own controllers (revisions.controller.ts).
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Revision.name, schema: RevisionSchema }]),
    MediaModule,
  ],
  providers: [RevisionsService],
  exports: [RevisionsService],
})
export class RevisionsModule {}
