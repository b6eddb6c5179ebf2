import {
  BadRequestException,
  Injectable,
  type ArgumentMetadata,
  type PipeTransform,
} from '@nestjs/common';

/** A key MongoDB would read as an operator (`$where`, `$ne`) or a path (`a.b`). */
function forbiddenKey(value: unknown, path = ''): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = forbiddenKey(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.startsWith('$') || key.includes('.')) return here;
    const found = forbiddenKey(child, here);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses bodies and query strings whose keys could be read as MongoDB operators, before
 * anything else looks at them. Mongoose's sanitizeFilter is the second line.
 */
@Injectable()
export class RejectOperatorKeysPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    const key = forbiddenKey(value);
    if (key) {
      throw new BadRequestException({
        message: `"${key}" is not an allowed field name`,
        errors: { [key]: 'Field names may not start with $ or contain a dot' },
      });
    }
    return value;
  }
}
