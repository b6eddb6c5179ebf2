import {
  API_TOKEN_ENTITIES,
  API_TOKEN_RIGHTS,
  type ApiTokenEntity,
  type ApiTokenRight,
  type ApiTokenRights,
} from '@vitrine/contracts';

const isEntity = (name: string): name is ApiTokenEntity => Object.hasOwn(API_TOKEN_ENTITIES, name);

/** Why `rights` is not a preset or a map of rights per entity, or undefined if it is one. */
export function rightsProblem(rights: unknown): string | undefined {
  if (rights === 'read-only' || rights === 'full') return undefined;
  if (typeof rights === 'string') return 'Rights must be "read-only", "full" or rights per entity';
  if (!rights || typeof rights !== 'object' || Array.isArray(rights)) {
    return 'Rights must be "read-only", "full" or rights per entity, such as { "product": ["read"] }';
  }
  const entries = Object.entries(rights as Record<string, unknown>);
  const known = Object.keys(API_TOKEN_ENTITIES).join(', ');
  for (const [entity, given] of entries) {
    if (!isEntity(entity)) return `Unknown entity "${entity}": rights are given on ${known}`;
    if (!Array.isArray(given)) return `The rights on ${entity} must be a list, such as ["read"]`;
    const allowed: readonly string[] = API_TOKEN_ENTITIES[entity];
    for (const right of given) {
      if (!API_TOKEN_RIGHTS.includes(right as ApiTokenRight)) {
        return `Unknown right "${String(right)}" on ${entity}: rights are read, write and publish`;
      }
      if (!allowed.includes(right as string)) {
        return `${entity} has only the ${allowed.join(', ')} right${allowed.length > 1 ? 's' : ''}`;
      }
    }
  }
  if (!entries.some(([, given]) => (given as unknown[]).length > 0)) {
    return 'Give the token at least one right';
  }
  return undefined;
}

/** The rights as stored: presets as they are, a map without repeats or empty entities. */
export function normalisedRights(rights: ApiTokenRights): ApiTokenRights {
  if (typeof rights === 'string') return rights;
  return Object.fromEntries(
    Object.entries(rights as Record<string, ApiTokenRight[]>)
      .filter(([, given]) => given.length > 0)
      .map(([entity, given]) => [
        entity,
        API_TOKEN_RIGHTS.filter((right) => given.includes(right)),
      ]),
  );
}
