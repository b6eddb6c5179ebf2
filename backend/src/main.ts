import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import type { AppConfig } from './config/app.config';

async function bootstrap() {
  const app = configureApp(await NestFactory.create(AppModule));
  const { port } = app.get(ConfigService).getOrThrow<AppConfig>('app');
  await app.listen(port);
  Logger.log(`API listening on http://localhost:${port}/api (docs at /api/docs)`, 'Bootstrap');
}

void bootstrap();
