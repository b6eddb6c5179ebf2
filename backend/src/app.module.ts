import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AccessGuard } from './common/guards/access.guard';
import { appConfig, type AppConfig } from './config/app.config';
import { authConfig } from './config/auth.config';
import { databaseConfig } from './config/database.config';
import { mailConfig } from './config/mail.config';
import { DatabaseModule } from './database/database.module';
import { SeedModule } from './database/seed/seed.module';
import { EnquiriesModule } from './enquiries/enquiries.module';
import { GalleryModule } from './gallery/gallery.module';
import { HealthModule } from './health/health.module';
import { ProductsModule } from './products/products.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SeoModule } from './seo/seo.module';
import { ServicesModule } from './services/services.module';
import { SettingsModule } from './settings/settings.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      cache: true,
      load: [appConfig, authConfig, databaseConfig, mailConfig],
    }),
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => {
        const { logLevel, env } = config.getOrThrow<AppConfig>('app');
        return {
          pinoHttp: {
            level: logLevel,
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
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.body.Password',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
            ...(env === 'development'
              ? { autoLogging: { ignore: (request) => request.url === '/api/health' } }
              : {}),
          },
        };
      },
    }),
    DatabaseModule,
    HealthModule,
    UsersModule,
    AuthModule,
    AuditModule,
    EnquiriesModule,
    ProductsModule,
    ServicesModule,
    ReviewsModule,
    GalleryModule,
    SettingsModule,
    SeedModule,
    SeoModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
