import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppLogger } from './common/logging/app-logger';
import { limitHeapGrowth } from './common/process/memory';
import type { AppConfig } from './config/app.config';

async function bootstrap() {
  limitHeapGrowth();
  const app = configureApp(
    await NestFactory.create<NestExpressApplication>(AppModule, {
      bufferLogs: true,
      bodyParser: true,
    }),
  );
  const { port } = app.get(ConfigService).getOrThrow<AppConfig>('app');
  await app.listen(port);
  app.get(AppLogger).log(`API listening on http://localhost:${port}/api (docs at /api/docs)`);
}

bootstrap().catch((error: unknown) => {
  // A bad environment or an unreachable database: say so plainly and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
