import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { SeedService } from './seed/seed.service';

/** `npm run seed`: adds whatever demo content is missing, then exits. */
async function main() {
  process.env.SEED_DEMO = 'false'; // seed once, below, not also at bootstrap
  const app = await NestFactory.createApplicationContext(AppModule, {
    logger: ['error', 'warn', 'log'],
  });
  try {
    const report = await app.get(SeedService).seed();
    console.log(
      `Demo content added: ${report.products} products, ${report.services} services, ${report.reviews} reviews, ${report.gallery} gallery images (existing items were kept).`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
