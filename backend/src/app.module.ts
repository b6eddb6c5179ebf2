import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BackupsModule } from './backup/backups.module';
import { DeploymentsModule } from './deployments/deployments.module';
import { CacheModule } from './cache/cache.module';
import { ClockModule } from './common/clock/clock';
import { LoggingModule } from './common/logging/logging.module';
import { AccessGuard } from './common/guards/access.guard';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { appConfig } from './config/app.config';
import { authConfig } from './config/auth.config';
import { databaseConfig } from './config/database.config';
import { insightsConfig } from './config/insights.config';
import { mailConfig } from './config/mail.config';
import { rateLimitConfig } from './config/rate-limit.config';
import { webhooksConfig } from './config/webhooks.config';
import { DatabaseModule } from './database/database.module';
import { SeedModule } from './seed/seed.module';
import { StartupModule } from './startup/startup.module';
import { EnquiriesModule } from './enquiries/enquiries.module';
import { GalleryModule } from './gallery/gallery.module';
import { HealthModule } from './health/health.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { InsightsModule } from './insights/insights.module';
import { JobsModule } from './jobs/jobs.module';
import { PreviewsModule } from './previews/previews.module';
import { ProductsModule } from './products/products.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SeoModule } from './seo/seo.module';
import { ServicesModule } from './services/services.module';
import { RevisionsModule } from './revisions/revisions.module';
import { SettingsModule } from './settings/settings.module';
import { TokensModule } from './tokens/tokens.module';
import { TrashModule } from './trash/trash.module';
import { UsersModule } from './users/users.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      cache: true,
      load: [
        appConfig,
        authConfig,
        databaseConfig,
        insightsConfig,
        mailConfig,
        rateLimitConfig,
        webhooksConfig,
      ],
    }),
    LoggingModule,
    DatabaseModule,
    CacheModule,
    RateLimitModule,
    ClockModule,
    TrashModule,
    RevisionsModule,
    BackupsModule,
    DeploymentsModule,
    JobsModule,
    WebhooksModule,
    HealthModule,
    UsersModule,
    AuthModule,
    // Before AuditModule: its interceptor must wrap the audit's (see IdempotencyModule).
    IdempotencyModule,
    TokensModule,
    AuditModule,
    EnquiriesModule,
    ProductsModule,
    ServicesModule,
    PreviewsModule,
    ReviewsModule,
    GalleryModule,
    SettingsModule,
    SeedModule,
    StartupModule,
    SeoModule,
    InsightsModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
