import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_TOKEN_ENTITIES,
  API_TOKEN_LIFETIMES,
  type ApiTokenLifetime,
  type ApiTokenRights,
} from '@vitrine/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateBy,
} from 'class-validator';
import { RequiredText } from '../../common/validation/fields';
import { addressProblem } from '../allowed-addresses';
import { rightsProblem } from '../rights';

export const MAX_ALLOWED_ADDRESSES = 50;

/** The rights' schema: a preset, or rights per entity. */
export const RIGHTS_SCHEMA = {
  oneOf: [
    { type: 'string', enum: ['read-only', 'full'] },
    {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(API_TOKEN_ENTITIES).map(([entity, rights]) => [
          entity,
          { type: 'array', items: { type: 'string', enum: [...rights] } },
        ]),
      ),
      additionalProperties: false,
    },
  ],
  example: { product: ['read', 'write'] },
  description:
    '"read-only" (read on every entity), "full" (every right on every entity) or rights per ' +
    'entity. No right reaches users, API tokens, webhooks, backups, deployments, the audit or ' +
    'the trash: those stay with signed-in administrators.',
};

export const LIFETIME_SCHEMA = {
  type: 'integer' as const,
  enum: [...API_TOKEN_LIFETIMES],
  nullable: true,
  example: 30,
  description: 'Days until the token expires: 7, 30 or 90, or null for never',
};

const lifetimeRule = () =>
  IsIn([...API_TOKEN_LIFETIMES, null], {
    message: 'Expiry must be 7, 30 or 90 days, or null for never',
  });

export class CreateApiTokenDto {
  @RequiredText('Name', 80, 'Catalogue sync', 'Unique, ignoring case')
  name: string;

  @ApiProperty(RIGHTS_SCHEMA)
  @ValidateBy({
    name: 'apiTokenRights',
    validator: {
      validate: (value: unknown) => rightsProblem(value) === undefined,
      defaultMessage: (args) => rightsProblem(args?.value) ?? 'Rights are not valid',
    },
  })
  rights: ApiTokenRights;

  @ApiProperty(LIFETIME_SCHEMA)
  @lifetimeRule()
  expiresInDays: ApiTokenLifetime;

  @ApiPropertyOptional({
    type: [String],
    example: ['203.0.113.9', '198.51.100.0/24'],
    description: 'IP addresses or CIDR ranges the token may be used from; none: anywhere',
  })
  @IsOptional()
  @IsArray({ message: 'Allowed addresses must be a list' })
  @ArrayMaxSize(MAX_ALLOWED_ADDRESSES, {
    message: `At most ${MAX_ALLOWED_ADDRESSES} allowed addresses`,
  })
  @ValidateBy({
    name: 'allowedAddresses',
    validator: {
      validate: (value: unknown) =>
        !Array.isArray(value) || value.every((entry) => addressProblem(entry) === undefined),
      defaultMessage: (args) =>
        `Allowed addresses: ${(args?.value as unknown[]).map(addressProblem).find(Boolean)}`,
    },
  })
  allowedAddresses?: string[];

  @ApiPropertyOptional({
    type: Number,
    example: 600,
    description: 'Requests a minute for this token; API_TOKEN_RATE_LIMIT when not given',
  })
  @IsOptional()
  @IsInt({ message: 'Rate limit must be a whole number of requests a minute' })
  @Min(1, { message: 'Rate limit must be at least 1 a minute' })
  @Max(100_000, { message: 'Rate limit must be at most 100000 a minute' })
  rateLimitPerMinute?: number;
}

export class RenewApiTokenDto {
  @ApiPropertyOptional({
    ...LIFETIME_SCHEMA,
    description: 'A new lifetime; when not given, the one the token was created with',
  })
  @IsOptional()
  @lifetimeRule()
  expiresInDays?: ApiTokenLifetime;
}
