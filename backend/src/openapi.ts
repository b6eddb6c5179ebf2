import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppModule } from './app.module';
import { createOpenApiDocument, setApiPrefix } from './app.setup';

/**
 * Writes the OpenAPI document to the path given, without starting the API or touching a
 * database (Nest's preview mode builds the route metadata only). `npm run api:generate`
 * turns it into the typed client in libs/shared/api-client.
 */
async function main(output: string) {
  const app = await NestFactory.create(AppModule, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  setApiPrefix(app);
  const document = createOpenApiDocument(app);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
}

const [output = 'tmp/openapi.json'] = parseArgs({ allowPositionals: true }).positionals;
main(output).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
