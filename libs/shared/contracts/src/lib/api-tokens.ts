/**
 * API tokens: credentials for programs (a catalogue sync, a marketplace feed, a static
 * mirror), with rights per entity. Shared by the API, which enforces them, and the admin
 * screen, which edits them.
 */

/** What a token's secret starts with, so that the API (and secret scanners) can tell it apart. */
export const API_TOKEN_PREFIX = 'vit_';

/** The entities a token may be given rights on, and the rights each one has. */
export const API_TOKEN_ENTITIES = {
  product: ['read', 'write', 'publish'],
  service: ['read', 'write', 'publish'],
  review: ['read', 'write', 'publish'],
  gallery: ['read', 'write', 'publish'],
  settings: ['read', 'write', 'publish'],
  media: ['read', 'write', 'publish'],
  enquiry: ['read'],
} as const satisfies Record<string, readonly ApiTokenRight[]>;

export type ApiTokenEntity = keyof typeof API_TOKEN_ENTITIES;
export type ApiTokenRight = 'read' | 'write' | 'publish';
export const API_TOKEN_RIGHTS: readonly ApiTokenRight[] = ['read', 'write', 'publish'];

/** Rights per entity: `{ product: ['read', 'write'] }`; only the rights each entity has. */
export type ApiTokenRightsMap = {
  [Entity in ApiTokenEntity]?: (typeof API_TOKEN_ENTITIES)[Entity][number][];
};

/** What a create body gives: a preset or the rights per entity. */
export type ApiTokenRights = 'read-only' | 'full' | ApiTokenRightsMap;

/** The lifetimes a token may be given, in days; null is "never expires". */
export const API_TOKEN_LIFETIMES = [7, 30, 90] as const;
export type ApiTokenLifetime = (typeof API_TOKEN_LIFETIMES)[number] | null;

export const API_TOKEN_ENTITY_NAMES = Object.keys(API_TOKEN_ENTITIES) as ApiTokenEntity[];

/** What a preset stands for, as rights per entity. */
export function expandApiTokenRights(rights: ApiTokenRights): ApiTokenRightsMap {
  if (rights === 'read-only') {
    return Object.fromEntries(API_TOKEN_ENTITY_NAMES.map((entity) => [entity, ['read']]));
  }
  if (rights === 'full') {
    return Object.fromEntries(
      API_TOKEN_ENTITY_NAMES.map((entity) => [entity, [...API_TOKEN_ENTITIES[entity]]]),
    );
  }
  return rights;
}

/** The rights a map gives on one entity, none when it gives none. */
export const rightsOn = (rights: ApiTokenRightsMap, entity: ApiTokenEntity): ApiTokenRight[] =>
  rights[entity] ?? [];

/** A right as the OpenAPI document and the 403 messages write it: "product:write". */
export const rightName = (entity: ApiTokenEntity, right: ApiTokenRight) => `${entity}:${right}`;
