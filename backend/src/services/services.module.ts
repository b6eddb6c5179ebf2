import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { slugClash, textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { Service, ServiceSchema } from './schemas/service.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Service.name, schema: ServiceSchema }]),
    MediaModule,
  ],
  controllers: [ServicesController],
  providers: [ServicesService],
  exports: [ServicesService],
})
export class ServicesModule implements OnModuleInit {
  constructor(private readonly trash: TrashService) {}

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
  }
}
