import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BackupsModule } from './backup/backups.module';
import { CacheModule } from './cache/cache.module';
import { ClockModule } from './common/clock/clock';
import { logStream } from './common/logging/log-stream';
import { AccessGuard } from './common/guards/access.guard';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { appConfig, type AppConfig } from './config/app.config';
import { authConfig } from './config/auth.config';
import { databaseConfig } from './config/database.config';
import { mailConfig } from './config/mail.config';
import { rateLimitConfig } from './config/rate-limit.config';
import { DatabaseModule } from './database/database.module';
import { SeedModule } from './database/seed/seed.module';
import { StartupModule } from './database/startup/startup.module';
import { EnquiriesModule } from './enquiries/enquiries.module';
import { GalleryModule } from './gallery/gallery.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { PreviewsModule } from './previews/previews.module';
import { ProductsModule } from './products/products.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SeoModule } from './seo/seo.module';
import { ServicesModule } from './services/services.module';
import { RevisionsModule } from './revisions/revisions.module';
import { SettingsModule } from './settings/settings.module';
import { TrashModule } from './trash/trash.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      cache: true,
      load: [appConfig, authConfig, databaseConfig, mailConfig, rateLimitConfig],
    }),
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: async (config: ConfigService) => {
        const { logLevel, env } = config.getOrThrow<AppConfig>('app');
        return {
          pinoHttp: {
            level: logLevel,
            stream: await logStream(env),
            // Request ids come from a proxy when one sets them, otherwise from us.
            genReqId: (request, response) => {
              const given = request.headers['x-request-id'];
              const id =
                typeof given === 'string' && /^[\w-]{1,64}$/.test(given)
                  ? given
                  : crypto.randomUUID();
              response.setHeader('X-Request-Id', id);
              return id;
            },
            // Each request's line says what was asked, by whom and how it went; no headers,
            // so no token or cookie can reach the logs, and building the line (which pino
            // does for every request, whatever the level) stays cheap.
            wrapSerializers: false,
            serializers: {
              err: stdSerializers.err,
              req: (request: IncomingMessage & { id?: unknown; ip?: string }) => ({
                id: request.id,
                method: request.method,
                url: (request as { originalUrl?: string }).originalUrl ?? request.url,
                remoteAddress: request.ip ?? request.socket?.remoteAddress,
                userAgent: request.headers['user-agent'],
              }),
              res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
            },
            ...(env === 'development'
              ? { autoLogging: { ignore: (request) => request.url === '/api/health' } }
              : {}),
          },
        };
      },
    }),
    DatabaseModule,
    CacheModule,
    RateLimitModule,
    ClockModule,
    TrashModule,
    RevisionsModule,
    BackupsModule,
    JobsModule,
    HealthModule,
    UsersModule,
    AuthModule,
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
  ],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
