import type { OpenAPIObject } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
  isIdempotentRoute,
} from './idempotency.interceptor';

const DESCRIPTION =
  'A key of your choosing (a UUID) that makes a retry safe: the first request with it runs, ' +
  'and for 24 hours a retry with the same key, method, path and body gets the same answer ' +
  `back, marked \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, instead of running again. The same ` +
  'key with another request is a 422; a retry while the first still runs is a 409 (see ' +
  'Retry-After). Server errors (5xx), 408 and 429 are not kept, so their retry runs. Keys ' +
  "are the caller's own (the signed-in user, or a visitor's address).";

/**
 * Documents the header on each write the interceptor serves, from the same rule
 * (isIdempotentRoute), so the document and the behaviour never drift.
 */
export function documentIdempotencyKey(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['post', 'put', 'patch'] as const) {
      const operation = item[method];
      if (!operation || !isIdempotentRoute(method.toUpperCase(), path)) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description: DESCRIPTION,
          schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
        },
      ];
    }
  }
  return document;
}
