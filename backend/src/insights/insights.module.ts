import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { BeaconBodyMiddleware } from './beacon-body.middleware';
import { InsightsController } from './insights.controller';
import { InsightsPolicyController } from './insights-policy.controller';
import { InsightsService } from './insights.service';

/** What works on the site: views, visitors and actions, counted without personal data. */
@Module({
  controllers: [InsightsController, InsightsPolicyController],
  providers: [InsightsService],
  exports: [InsightsService],
})
export class InsightsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer
      .apply(BeaconBodyMiddleware)
      .forRoutes({ path: 'insights/events', method: RequestMethod.POST });
  }
}
