import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pino from 'pino';
import type { AppConfig } from '../../config/app.config';
import { AppLogger, ROOT_LOGGER } from './app-logger';
import { logStream } from './log-stream';

/** The API's logging: one pino logger at LOG_LEVEL, Nest's lines and each request's on it. */
@Global()
@Module({
  providers: [
    {
      provide: ROOT_LOGGER,
      inject: [ConfigService],
      useFactory: async (config: ConfigService) => {
        const { logLevel, env } = config.getOrThrow<AppConfig>('app');
        return pino({ level: logLevel }, await logStream(env));
      },
    },
    AppLogger,
  ],
  exports: [ROOT_LOGGER, AppLogger],
})
export class LoggingModule {}
