import { ApiProperty } from '@nestjs/swagger';
import type { ApiTokenRights } from '@vitrine/contracts';
import { RIGHTS_SCHEMA } from './create-api-token.dto';

class TokenCreator {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'admin' })
  UserName: string;
}

/** A token as the API shows it: never its secret or the secret's hash. */
export class ApiTokenResponse {
  @ApiProperty({ example: '6761a2c58b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'Catalogue sync' })
  name: string;

  @ApiProperty({ example: 'vit_AbCd', description: "The secret's first characters" })
  prefix: string;

  @ApiProperty(RIGHTS_SCHEMA)
  rights: ApiTokenRights;

  @ApiProperty({ type: Number, nullable: true, example: 30 })
  lifetimeDays: number | null;

  @ApiProperty({ example: '2026-12-01T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ type: String, nullable: true, example: '2026-12-31T10:00:00.000Z' })
  expiresAt: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-12-02T08:15:00.000Z',
    description: 'Updated at most about once a minute',
  })
  lastUsedAt: string | null;

  @ApiProperty({ type: [String], example: ['203.0.113.9'] })
  allowedAddresses: string[];

  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'Requests a minute; null: API_TOKEN_RATE_LIMIT',
  })
  rateLimitPerMinute: number | null;

  @ApiProperty({ type: TokenCreator })
  createdBy: TokenCreator;
}

/** What creating or renewing a token answers: the only time its secret is shown. */
export class ApiTokenSecretResponse extends ApiTokenResponse {
  @ApiProperty({
    example: 'vit_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
    description: 'The secret, shown this once: send it as `Authorization: Bearer vit_…`',
  })
  token: string;
}
