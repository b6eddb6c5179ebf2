import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { Service, ServiceSchema } from './schemas/service.schema';

/** Services; the service registers them with the trash and the revisions (ContentService). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Service.name, schema: ServiceSchema }]),
    MediaModule,
  ],
  // The history's routes first: they were matched before the services' own, and still are.
  controllers: [ServicesController.history, ServicesController],
  providers: [ServicesService],
  exports: [ServicesService],
})
export class ServicesModule {}
