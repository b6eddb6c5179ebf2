import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Product, ProductSchema } from '../products/schemas/product.schema';
import { BeaconBodyMiddleware } from './beacon-body.middleware';
import { InsightsController } from './insights.controller';
import { InsightsProductNames } from './insights-product-names';
import { InsightsPolicyController } from './insights-policy.controller';
import { InsightsService } from './insights.service';

/** What works on the site: views, visitors and actions, counted without personal data. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Product.name, schema: ProductSchema }])],
  controllers: [InsightsController, InsightsPolicyController],
  providers: [InsightsService, InsightsProductNames],
  exports: [InsightsService],
})
export class InsightsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer
      .apply(BeaconBodyMiddleware)
      .forRoutes({ path: 'insights/events', method: RequestMethod.POST });
  }
}
