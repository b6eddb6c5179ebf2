import { Doc, deepClone, isPlainObject } from '../values';

/** Document built for an upsert from the equality conditions of its filter. */
export function seedFromQuery(query: Doc): Doc {
  const seed: Doc = {};
  const setPath = (path: string, value: unknown) => {
    const segments = path.split('.');
    let container: Doc = seed;
    for (let i = 0; i < segments.length - 1; i++) {
      if (!isPlainObject(container[segments[i]])) container[segments[i]] = {};
      container = container[segments[i]] as Doc;
    }
    container[segments[segments.length - 1]] = deepClone(value);
  };
  const visit = (conditions: Doc) => {
    for (const [key, value] of Object.entries(conditions)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$')) continue;
      if (isPlainObject(value) && Object.keys(value)[0]?.startsWith('$')) {
        if ('$eq' in value) setPath(key, value.$eq);
        continue;
      }
      if (value instanceof RegExp) continue;
      setPath(key, value);
    }
  };
  visit(query);
  return seed;
}
