import {
  API_TOKEN_ENTITIES,
  API_TOKEN_ENTITY_NAMES,
  type ApiTokenEntity,
  type ApiTokenLifetime,
  type ApiTokenRight,
  type ApiTokenRights,
  type ApiTokenRightsMap,
} from '@vitrine/contracts';
import type { FieldMessages } from '@vitrine/ui';
import type { NewToken } from '../api/create-token';

/** How the admin calls each entity. */
export const ENTITY_LABELS: Record<ApiTokenEntity, string> = {
  product: 'Projects',
  service: 'Services',
  review: 'Reviews',
  gallery: 'Gallery',
  settings: 'Settings',
  media: 'Media library',
  enquiry: 'Enquiries',
};

export type Access = 'read-only' | 'full' | 'custom';

export interface TokenValues {
  name: string;
  access: Access;
  /** One checkbox per entity and right, for custom access. */
  rights: Record<ApiTokenEntity, Partial<Record<ApiTokenRight, boolean>>>;
  expiresInDays: '7' | '30' | '90' | 'never';
  /** One address or CIDR range a line (or comma-separated). */
  allowedAddresses: string;
}

export const initialTokenValues = (): TokenValues => ({
  name: '',
  access: 'read-only',
  rights: Object.fromEntries(
    API_TOKEN_ENTITY_NAMES.map((entity) => [entity, {}]),
  ) as TokenValues['rights'],
  expiresInDays: '30',
  allowedAddresses: '',
});

function customRights(values: TokenValues): ApiTokenRightsMap {
  const chosen = API_TOKEN_ENTITY_NAMES.map((entity) => [
    entity,
    API_TOKEN_ENTITIES[entity].filter((right) => values.rights[entity]?.[right]),
  ]);
  return Object.fromEntries(chosen.filter(([, rights]) => rights.length > 0));
}

export function validateToken(values: TokenValues): FieldMessages {
  return {
    name: values.name.trim() ? undefined : 'Name is required',
    rights:
      values.access === 'custom' && Object.keys(customRights(values)).length === 0
        ? 'Choose at least one right'
        : undefined,
  };
}

/** The create body for the form's values. */
export function tokenBody(values: TokenValues): NewToken {
  const rights: ApiTokenRights = values.access === 'custom' ? customRights(values) : values.access;
  const lifetime: ApiTokenLifetime =
    values.expiresInDays === 'never' ? null : (Number(values.expiresInDays) as 7 | 30 | 90);
  const allowedAddresses = values.allowedAddresses
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  return { name: values.name.trim(), rights, expiresInDays: lifetime, allowedAddresses };
}

/** "Read-only", "Full access", or "Projects: read, write · Enquiries: read". */
export function rightsSummary(rights: ApiTokenRights): string {
  if (rights === 'read-only') return 'Read-only';
  if (rights === 'full') return 'Full access';
  return Object.entries(rights)
    .map(
      ([entity, given]) =>
        `${ENTITY_LABELS[entity as ApiTokenEntity] ?? entity}: ${given.join(', ')}`,
    )
    .join(' · ');
}
