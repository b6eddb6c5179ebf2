/** Finding the slots an update path addresses, positional operators ($, $[], $[id]) included. */
import { ErrorCodes, MongoError } from '../errors';
import { compileFilter } from '../query';
import { Doc, formatValue, isPlainObject } from '../values';

export type Container = Doc | unknown[];

/** One slot an update writes to: a key of a document or an index of an array. */
export interface Target {
  parent: Container;
  key: string;
}

export interface PathContext {
  /** The filter that selected the document (needed for the positional `$`). */
  query?: Doc;
  arrayFilters?: Doc[];
}

export function getChild(container: Container, key: string): unknown {
  if (Array.isArray(container)) return container[Number(key)];
  return Object.prototype.hasOwnProperty.call(container, key) ? container[key] : undefined;
}

export function setChild(container: Container, key: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = Number(key);
    while (container.length < index) container.push(null); // MongoDB pads arrays with nulls
    container[index] = value;
  } else {
    container[key] = value;
  }
}

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

const isPositional = (segment: string): boolean => segment === '$' || segment.startsWith('$[');

/** The array filter named `identifier`, or undefined. */
export function findArrayFilter(filters: Doc[], identifier: string): Doc | undefined {
  return filters.find((filter) =>
    Object.keys(filter).some((key) => key.split('.')[0] === identifier),
  );
}

export function noArrayFilterError(identifier: string, path: string): MongoError {
  return new MongoError(
    ErrorCodes.BadValue,
    `No array filter found for identifier '${identifier}' in path '${path}'`,
  );
}

/** Resolves the paths of one update on one document; remembers the positional match and compiled filters. */
export class PathResolver {
  private positionalMatch: number | undefined;
  private readonly arrayFilterTests = new Map<string, (value: unknown) => boolean>();

  constructor(
    private readonly document: Doc,
    private readonly context: PathContext,
  ) {}

  private arrayFilter(identifier: string, path: string): (value: unknown) => boolean {
    let test = this.arrayFilterTests.get(identifier);
    if (!test) {
      const filter = findArrayFilter(this.context.arrayFilters ?? [], identifier);
      if (!filter) throw noArrayFilterError(identifier, path);
      const matches = compileFilter(filter);
      test = (value) => matches({ [identifier]: value });
      this.arrayFilterTests.set(identifier, test);
    }
    return test;
  }

  private positionalIndex(arrayPath: string, array: unknown[]): number {
    if (this.positionalMatch !== undefined) return this.positionalMatch;
    const query = this.context.query ?? {};
    const keys = Object.keys(query).filter(
      (key) => key === arrayPath || key.startsWith(`${arrayPath}.`),
    );
    const notFound = () =>
      new MongoError(
        ErrorCodes.BadValue,
        'The positional operator did not find the match needed from the query.',
      );
    if (!keys.length) throw notFound();
    const subQuery: Doc = {};
    for (const key of keys) subQuery[key] = query[key];
    const matches = compileFilter(subQuery);
    const segments = arrayPath.split('.');
    // Each element is tested as the only element of the array, at the array's path.
    const wrap = (element: unknown): Doc => {
      let value: unknown = [element];
      for (let i = segments.length - 1; i >= 0; i--) value = { [segments[i]]: value };
      return value as Doc;
    };
    const index = array.findIndex((element) => matches(wrap(element)));
    if (index < 0) throw notFound();
    this.positionalMatch = index;
    return index;
  }

  /** Keys of `container` addressed by one path segment, expanding positional operators. */
  private keysFor(
    container: Container,
    segment: string,
    pathSoFar: string,
    fullPath: string,
    create: boolean,
  ): string[] {
    if (isPositional(segment)) {
      if (!Array.isArray(container)) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `Cannot apply array updates to non-array element ${pathSoFar}: ${formatValue(container)}`,
        );
      }
      if (segment === '$') return [String(this.positionalIndex(pathSoFar, container))];
      if (segment === '$[]') return container.map((_, i) => String(i));
      const test = this.arrayFilter(segment.slice(2, -1), fullPath);
      return container.flatMap((element, i) => (test(element) ? [String(i)] : []));
    }
    if (Array.isArray(container) && !isIndex(segment)) {
      if (create) {
        throw new MongoError(
          ErrorCodes.PathNotViable,
          `Cannot create field '${segment}' in element {${pathSoFar.split('.').pop()}: ${formatValue(container)}}`,
        );
      }
      return [];
    }
    return [segment];
  }

  /** Every (parent, key) slot a path addresses; with `create`, missing intermediate documents are made. */
  targets(path: string, create: boolean): Target[] {
    const segments = path.split('.');
    let frontier: { container: Container; at: string }[] = [{ container: this.document, at: '' }];
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const last = i === segments.length - 1;
      const next: { container: Container; at: string }[] = [];
      const found: Target[] = [];
      for (const { container, at } of frontier) {
        for (const key of this.keysFor(container, segment, at, path, create)) {
          const here = at ? `${at}.${key}` : key;
          if (last) {
            found.push({ parent: container, key });
            continue;
          }
          const child = getChild(container, key);
          if (Array.isArray(child) || isPlainObject(child)) {
            next.push({ container: child, at: here });
          } else if (child === undefined) {
            if (!create) continue;
            if (isPositional(segments[i + 1])) {
              throw new MongoError(
                ErrorCodes.BadValue,
                `The path '${here}' must exist in the document in order to apply array updates.`,
              );
            }
            const made: Doc = {};
            setChild(container, key, made);
            next.push({ container: made, at: here });
          } else if (create) {
            throw new MongoError(
              ErrorCodes.PathNotViable,
              `Cannot create field '${segments[i + 1]}' in element {${key}: ${formatValue(child)}}`,
            );
          }
        }
      }
      if (last) return found;
      frontier = next;
    }
    return [];
  }
}
