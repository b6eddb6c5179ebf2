import { ApiProperty } from '@nestjs/swagger';
import { ActorResponse } from '../../trash/dto/trash-entry.response';

/** Any JSON value a field can hold. */
const ANY_VALUE = {
  nullable: true,
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: {} },
    { type: 'object', additionalProperties: true },
  ],
};

export class FieldChange {
  @ApiProperty({ example: 'ProductHeading' })
  field: string;

  @ApiProperty({ ...ANY_VALUE, example: 'Hand-dyed', description: 'The value in the version kept' })
  before: unknown;

  @ApiProperty({
    ...ANY_VALUE,
    example: 'Hand-dyed indigo',
    description: 'The value after this change',
  })
  after: unknown;
}

/** One change to an item, newest first: the version before it can be restored. */
export class RevisionResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a00123456bb', description: 'The revisionId' })
  _id: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'When the change was saved' })
  at: Date;

  @ApiProperty({ type: ActorResponse, nullable: true, description: 'Who saved it; null: no user' })
  by: ActorResponse | null;

  @ApiProperty({
    example: null,
    nullable: true,
    type: String,
    description: 'When the change was a restore: the revision whose version it brought back',
  })
  restoredFrom: string | null;

  @ApiProperty({ type: [FieldChange], description: 'The fields it changed' })
  changes: FieldChange[];
}
