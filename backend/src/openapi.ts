import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { changelogMarkdown } from './api-contract';
import { AppModule } from './app.module';
import { createOpenApiDocument, setApiPrefix } from './app.setup';

/**
 * Writes the OpenAPI document to the path given, without starting the API or touching a
 * database (Nest's preview mode builds the route metadata only), and with `--changelog <file>`
 * the contract's changelog as Markdown. `npm run api:generate` turns the document into the
 * typed client in libs/shared/api-client; `npm run api:contract` compares it with the one
 * released (backend/openapi/released.json).
 */
async function main(output: string, changelog: string | undefined) {
  const app = await NestFactory.create(AppModule, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  setApiPrefix(app);
  const document = createOpenApiDocument(app);
  writeFile(output, `${JSON.stringify(document, null, 2)}\n`);
  if (changelog) writeFile(changelog, changelogMarkdown());
  await app.close();
}

function writeFile(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { changelog: { type: 'string' } },
});
main(positionals[0] ?? 'tmp/openapi.json', values.changelog).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
