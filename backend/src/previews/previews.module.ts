import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Product, ProductSchema } from '../products/schemas/product.schema';
import { Service, ServiceSchema } from '../services/schemas/service.schema';
import { PreviewsController } from './previews.controller';
import { PreviewsService } from './previews.service';
import { Preview, PreviewSchema } from './schemas/preview.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Preview.name, schema: PreviewSchema },
      { name: Product.name, schema: ProductSchema },
      { name: Service.name, schema: ServiceSchema },
    ]),
  ],
  controllers: [PreviewsController],
  providers: [PreviewsService],
})
export class PreviewsModule {}
