import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from '../revisions/revisions.service';
import { slugClash, textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ServiceRevisionsController, ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { Service, ServiceSchema } from './schemas/service.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Service.name, schema: ServiceSchema }]),
    MediaModule,
  ],
  // The history's routes first: they were matched before the services' own, and still are.
  controllers: [ServiceRevisionsController, ServicesController],
  providers: [ServicesService],
  exports: [ServicesService],
})
export class ServicesModule implements OnModuleInit {
  constructor(
    private readonly trash: TrashService,
    private readonly revisions: RevisionsService,
  ) {}

  onModuleInit() {
    this.trash.register({
      type: 'service',
      model: Service.name,
      collection: 'services',
      label: 'Service',
      name: (document) => textOf(document.ServiceName),
      unique: slugClash('Service'),
      keepsSlugHistory: true,
    });
    this.revisions.register({
      entity: 'service',
      model: Service.name,
      collection: 'services',
      label: 'Service',
      trashType: 'service',
    });
  }
}
