import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { TrashEntry, TrashEntrySchema } from './schemas/trash-entry.schema';
import { TrashController } from './trash.controller';
import { TrashService } from './trash.service';

/** Global: every module that deletes something moves it here instead. */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([{ name: TrashEntry.name, schema: TrashEntrySchema }]),
    MediaModule,
  ],
  controllers: [TrashController],
  providers: [TrashService],
  exports: [TrashService],
})
export class TrashModule {}
