import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validationFailure } from './validation.pipe';

/**
 * Validates a value against a zod schema, as Nest's documentation has it for schema-based
 * validation, for the few routes whose bodies are large batches that class-validator and
 * class-transformer make slow (a shell's report of thousands of views). Its 400 is the
 * ValidationPipe's (validationFailure): `message`, and `errors` naming each invalid field by
 * its path (`views.0.userAgent`), the first issue of each. The parameter's type must not be a class
 * (`z.infer` of the schema), so that the global ValidationPipe leaves it alone.
 */
export class SchemaValidationPipe<Schema extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.output<Schema> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || 'body';
      fields[field] ??= issue.message;
    }
    throw validationFailure(fields);
  }
}
