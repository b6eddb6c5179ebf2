/**
 * The breaking changes between two OpenAPI 3.0 documents: what a consumer written for
 * `before` may trip on when talking to `after`.
 *
 * Written here rather than taken from a library, after trying them (December 2026):
 * Atlassian's `openapi-diff` 0.24 installs, but judges schemas as sets of JSON values, so an
 * optional request field added to an object that allows other properties counts as breaking,
 * while a response field made nullable and an open route made secured pass unseen;
 * `@useoptic/standard-rulesets` brings the OpenAI client and a machine-id reader along with its
 * rule engine; `@pb33f/openapi-changes` and `oasdiff` are Go binaries downloaded at install.
 *
 * Schemas are compared in the direction data flows. What a client sends (parameters, request
 * bodies) may accept more than before, never less: this API refuses unknown fields, so a
 * request field removed is breaking too. What a client reads (responses) may say more than
 * before, never less or looser: a field removed, made optional or nullable, a type changed, a
 * new enum value a typed client cannot name. `$ref`s are resolved and `allOf`s merged first,
 * so moving a schema into components or renaming one changes nothing.
 */

export interface OpenApiDocument {
  openapi?: string;
  info?: { version?: string; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, unknown> };
  security?: SecurityRequirement[];
  [key: string]: unknown;
}

export interface BreakingChange {
  method: string;
  path: string;
  /** Where in the operation: `parameter query limit`, `response 200 (application/json) .id`… */
  where: string;
  what: string;
}

type Schema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;
type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** One line per change: `GET /api/product  response 200 (application/json) .id: removed`. */
export function formatChange(change: BreakingChange): string {
  const where = change.where ? `  ${change.where}` : '';
  return `${change.method.toUpperCase()} ${change.path}${where}: ${change.what}`;
}

export function breakingChanges(before: OpenApiDocument, after: OpenApiDocument): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const resolveBefore = resolver(before);
  const resolveAfter = resolver(after);
  // Paths match by template, so `/things/{id}` renamed `/things/{thingId}` is the same URL.
  // One template may be written two ways at once (`DELETE /share/{id}`, `GET /share/{token}`):
  // each method is looked for in all of them.
  const afterPaths = new Map<string, { path: string; item: Record<string, unknown> }[]>();
  for (const [path, item] of Object.entries(after.paths ?? {})) {
    afterPaths.set(template(path), [...(afterPaths.get(template(path)) ?? []), { path, item }]);
  }
  for (const [path, beforeItem] of Object.entries(before.paths ?? {})) {
    const candidates = afterPaths.get(template(path)) ?? [];
    for (const method of METHODS) {
      const beforeOperation = beforeItem[method] as Operation | undefined;
      if (!beforeOperation) continue;
      const { path: afterPath = path, item: afterItem } =
        candidates.find((candidate) => candidate.item[method]) ?? candidates[0] ?? {};
      const report = (where: string, what: string) => changes.push({ method, path, where, what });
      const afterOperation = afterItem?.[method] as Operation | undefined;
      if (!afterOperation) {
        report('', afterItem ? 'method removed' : 'path removed');
        continue;
      }
      const context: Context = { resolveBefore, resolveAfter, report };
      compareSecurity(
        beforeOperation.security ?? before.security,
        afterOperation.security ?? after.security,
        report,
      );
      compareParameters(
        { path, list: [...asArray(beforeItem.parameters), ...asArray(beforeOperation.parameters)] },
        {
          path: afterPath,
          list: [...asArray(afterItem?.parameters), ...asArray(afterOperation.parameters)],
        },
        context,
      );
      compareRequestBodies(beforeOperation.requestBody, afterOperation.requestBody, context);
      compareResponses(beforeOperation.responses ?? {}, afterOperation.responses ?? {}, context);
    }
  }
  return changes;
}

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: SecurityRequirement[];
}

interface Context {
  resolveBefore: (value: unknown) => Schema;
  resolveAfter: (value: unknown) => Schema;
  report: (where: string, what: string) => void;
}

/** Follows local `$ref`s (`#/components/...`) to what they name, however many in a row. */
function resolver(document: OpenApiDocument): (value: unknown) => Schema {
  return (value) => {
    let current = (value ?? {}) as Schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) {
      const ref = current.$ref as string;
      if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, not ${ref}`);
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          document,
        ) as Schema;
      if (!current) throw new Error(`$ref ${ref} names nothing in the document`);
    }
    return current;
  };
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An operation is open when it needs nothing, or lists `{}` among its alternatives. */
function isOpen(security: SecurityRequirement[] | undefined): boolean {
  return !security || security.length === 0 || security.some((item) => !Object.keys(item).length);
}

function compareSecurity(
  before: SecurityRequirement[] | undefined,
  after: SecurityRequirement[] | undefined,
  report: Context['report'],
) {
  const alternatives = (security: SecurityRequirement[] | undefined) =>
    (security ?? []).map((item) => Object.keys(item).sort().join(' + '));
  if (isOpen(after)) return;
  if (isOpen(before)) {
    report('security', `an open route now requires ${alternatives(after).join(' or ')}`);
    return;
  }
  // A client holds the credentials of one alternative: each must still let it in.
  const kept = alternatives(after);
  for (const alternative of alternatives(before)) {
    if (!kept.includes(alternative)) report('security', `no longer accepts ${alternative}`);
  }
}

function template(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

interface Parameters {
  /** The path the parameters belong to: path parameters match by their place in it. */
  path: string;
  list: unknown[];
}

function compareParameters(before: Parameters, after: Parameters, context: Context) {
  const keyer = (path: string) => {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    return (parameter: Parameter) =>
      parameter.in === 'path' && names.includes(parameter.name)
        ? `path #${names.indexOf(parameter.name)}`
        : `${parameter.in} ${parameter.name}`;
  };
  const label = (parameter: Parameter) => `parameter ${parameter.in} ${parameter.name}`;
  const beforeKey = keyer(before.path);
  const afterKey = keyer(after.path);
  const afterByKey = new Map(
    after.list
      .map((item) => context.resolveAfter(item) as unknown as Parameter)
      .map((parameter) => [afterKey(parameter), parameter]),
  );
  const beforeKeys = new Set<string>();
  for (const item of before.list) {
    const parameter = context.resolveBefore(item) as unknown as Parameter;
    beforeKeys.add(beforeKey(parameter));
    const afterParameter = afterByKey.get(beforeKey(parameter));
    if (!afterParameter) {
      context.report(label(parameter), 'removed');
      continue;
    }
    if (!parameter.required && afterParameter.required) {
      context.report(label(parameter), 'became required');
    }
    compareSchemas(
      parameter.schema,
      afterParameter.schema,
      'request',
      label(parameter),
      '',
      context,
    );
  }
  for (const [key, parameter] of afterByKey) {
    if (!beforeKeys.has(key) && parameter.required) {
      context.report(label(parameter), 'added as required');
    }
  }
}

interface Body {
  required?: boolean;
  content?: Record<string, { schema?: unknown }>;
}

function compareRequestBodies(beforeValue: unknown, afterValue: unknown, context: Context) {
  const before = beforeValue ? (context.resolveBefore(beforeValue) as Body) : undefined;
  const after = afterValue ? (context.resolveAfter(afterValue) as Body) : undefined;
  if (!before) {
    if (after?.required) context.report('request body', 'added as required');
    return;
  }
  if (!after) {
    context.report('request body', 'removed');
    return;
  }
  if (!before.required && after.required) context.report('request body', 'became required');
  for (const [mediaType, media] of Object.entries(before.content ?? {})) {
    const where = `request body (${mediaType})`;
    const afterMedia = after.content?.[mediaType];
    if (!afterMedia) context.report(where, 'media type no longer accepted');
    else compareSchemas(media.schema, afterMedia.schema, 'request', where, '', context);
  }
}

function compareResponses(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  context: Context,
) {
  for (const [status, beforeValue] of Object.entries(before)) {
    const afterValue = after[status];
    const success = /^2/.test(status);
    if (!afterValue) {
      // An error status that stops being answered is no promise broken; a success one is.
      if (success) context.report(`response ${status}`, 'success status removed');
      continue;
    }
    const beforeResponse = context.resolveBefore(beforeValue) as Body;
    const afterResponse = context.resolveAfter(afterValue) as Body;
    for (const [mediaType, media] of Object.entries(beforeResponse.content ?? {})) {
      const where = `response ${status} (${mediaType})`;
      const afterMedia = afterResponse.content?.[mediaType];
      if (!afterMedia) context.report(where, 'media type no longer answered');
      else compareSchemas(media.schema, afterMedia.schema, 'response', where, '', context);
    }
  }
}

/** A schema with its `$ref` followed and its `allOf` merged into one object schema. */
function flatten(value: unknown, resolve: (value: unknown) => Schema): Schema {
  const schema = resolve(value);
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...own } = schema;
  const merged: Schema = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of [...(allOf as unknown[]).map((item) => flatten(item, resolve)), own]) {
    const { properties: partProperties, required: partRequired, ...rest } = part;
    Object.assign(properties, partProperties ?? {});
    for (const name of (partRequired as string[] | undefined) ?? []) required.add(name);
    Object.assign(merged, rest);
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** What a schema names: its `$ref`, or those of its `allOf` (Nest's way to add nullable). */
function refsOf(value: unknown): string {
  const schema = (value ?? {}) as Schema;
  if (typeof schema.$ref === 'string') return schema.$ref;
  return asArray(schema.allOf)
    .map((part) => (part as Schema).$ref)
    .filter((ref) => typeof ref === 'string')
    .join('&');
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** Bounds that, moved the one way, accept less (request) or promise less (response). */
const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'exclusiveMinimum'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'exclusiveMaximum'];

function compareSchemas(
  beforeValue: unknown,
  afterValue: unknown,
  direction: Direction,
  where: string,
  pointer: string,
  context: Context,
  seen = new Set<string>(),
) {
  // A pair of references compared once per body: recursive schemas end, and a change in a
  // component used twice is reported where it is met first.
  const pair = `${refsOf(beforeValue)}|${refsOf(afterValue)}`;
  if (refsOf(beforeValue)) {
    if (seen.has(pair)) return;
    seen.add(pair);
  }
  const before = flatten(beforeValue, context.resolveBefore);
  const after = flatten(afterValue, context.resolveAfter);
  const report = (what: string) => context.report(pointer ? `${where} ${pointer}` : where, what);
  // A reader must cope with whatever `after` may hold; the API must take whatever `before` took.
  const reader = direction === 'response';

  if (reader && !before.nullable && after.nullable) report('may now be null');
  if (!reader && before.nullable && !after.nullable) report('no longer accepts null');

  const beforeType = typeOf(before);
  const afterType = typeOf(after);
  if (beforeType !== afterType) {
    if (typeChangeBreaks(beforeType, afterType, reader)) {
      report(`type changed from ${beforeType ?? 'any'} to ${afterType ?? 'any'}`);
    }
    return;
  }

  compareEnums(before, after, reader, report);
  compareVariants(before, after, reader, report, context);
  if (before.format !== after.format && (reader ? before.format : after.format)) {
    report(`format changed from ${before.format ?? 'none'} to ${after.format ?? 'none'}`);
  }
  if (!reader && after.pattern && before.pattern !== after.pattern) {
    report(`pattern changed to ${after.pattern}`);
  }
  for (const bound of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const was = before[bound] as number | undefined;
    const is = after[bound] as number | undefined;
    if (was === is) continue;
    const lower = LOWER_BOUNDS.includes(bound);
    // Tighter: a lower bound raised or added, an upper bound lowered or added.
    const tighter =
      was === undefined ? true : is === undefined ? false : lower ? is > was : is < was;
    if (tighter !== reader) report(`${bound} changed from ${was ?? 'none'} to ${is ?? 'none'}`);
  }

  if (beforeType === 'array') {
    compareSchemas(before.items, after.items, direction, where, `${pointer}[]`, context, seen);
  }
  if (beforeType === 'object') {
    compareProperties(before, after, direction, where, pointer, context, seen);
  }
}

/** Whether a reader (response) or the API (request) can no longer handle the new type. */
function typeChangeBreaks(before: string | undefined, after: string | undefined, reader: boolean) {
  // A reader copes with a narrower type: an integer where it read numbers, any type for any.
  if (reader) return before !== undefined && !(before === 'number' && after === 'integer');
  // The API must take what it took: numbers where it took integers, anything for a type.
  return after !== undefined && !(before === 'integer' && after === 'number');
}

function compareEnums(before: Schema, after: Schema, reader: boolean, report: (w: string) => void) {
  const beforeValues = before.enum as unknown[] | undefined;
  const afterValues = after.enum as unknown[] | undefined;
  if (reader) {
    if (!afterValues) {
      if (beforeValues) report('values no longer limited to an enum');
      return;
    }
    for (const value of afterValues) {
      if (beforeValues && !beforeValues.includes(value)) {
        report(`enum value ${JSON.stringify(value)} added, which a reader may not know`);
      }
    }
    return;
  }
  if (!afterValues) return;
  if (!beforeValues) {
    report(`values now limited to ${JSON.stringify(afterValues)}`);
    return;
  }
  for (const value of beforeValues) {
    if (!afterValues.includes(value)) report(`enum value ${JSON.stringify(value)} removed`);
  }
}

/** `oneOf` / `anyOf`: each alternative compared whole, once resolved. */
function compareVariants(
  before: Schema,
  after: Schema,
  reader: boolean,
  report: (what: string) => void,
  context: Context,
) {
  const variants = (schema: Schema, resolve: (value: unknown) => Schema) =>
    ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.map((item) =>
      JSON.stringify(flatten(item, resolve)),
    );
  const beforeVariants = variants(before, context.resolveBefore);
  const afterVariants = variants(after, context.resolveAfter);
  if (!beforeVariants && !afterVariants) return;
  const [from, to] = reader ? [afterVariants, beforeVariants] : [beforeVariants, afterVariants];
  // A reader must know every alternative it may get; the API must take every one it took.
  if (!from || !to) {
    report(reader ? 'alternatives added' : 'alternatives removed');
    return;
  }
  for (const variant of from) {
    if (!to.includes(variant)) {
      report(`${reader ? 'alternative added' : 'alternative removed'}: ${variant}`);
    }
  }
}

function compareProperties(
  before: Schema,
  after: Schema,
  direction: Direction,
  where: string,
  pointer: string,
  context: Context,
  seen: Set<string>,
) {
  const report = (name: string, what: string) =>
    context.report(`${where} ${pointer}.${name}`, what);
  const beforeProperties = (before.properties ?? {}) as Record<string, unknown>;
  const afterProperties = (after.properties ?? {}) as Record<string, unknown>;
  const beforeRequired = new Set((before.required as string[] | undefined) ?? []);
  const afterRequired = new Set((after.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(beforeProperties)) {
    if (!(name in afterProperties)) {
      report(name, direction === 'response' ? 'removed' : 'removed (the API refuses it now)');
      continue;
    }
    if (direction === 'response' && beforeRequired.has(name) && !afterRequired.has(name)) {
      report(name, 'became optional');
    }
    if (direction === 'request' && !beforeRequired.has(name) && afterRequired.has(name)) {
      report(name, 'became required');
    }
    const childPointer = `${pointer}.${name}`;
    compareSchemas(schema, afterProperties[name], direction, where, childPointer, context, seen);
  }
  if (direction === 'request') {
    for (const name of Object.keys(afterProperties)) {
      if (!(name in beforeProperties) && afterRequired.has(name)) report(name, 'added as required');
    }
  }
  const beforeMap = before.additionalProperties;
  const afterMap = after.additionalProperties;
  if (typeof beforeMap === 'object' && typeof afterMap === 'object') {
    compareSchemas(beforeMap, afterMap, direction, where, `${pointer}.*`, context, seen);
  }
}
