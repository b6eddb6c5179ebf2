import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REMOTE_NAMES } from '@vitrine/contracts';

export class PointerMoveResponse {
  @ApiProperty({ example: '3f9a0c1b2d4e-e98d368' })
  version!: string;

  @ApiProperty({ enum: ['publish', 'promote', 'rollback'] })
  action!: string;

  @ApiProperty({ example: 'admin', description: 'Who moved the pointer' })
  by!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  at!: Date;
}

export class PublishedVersionResponse {
  @ApiProperty({ example: '3f9a0c1b2d4e-e98d368' })
  version!: string;

  @ApiProperty({ example: 'admin' })
  publishedBy!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  publishedAt!: Date;
}

export class ShellReportResponse {
  @ApiProperty({ example: '3f9a0c1b2d4e-e98d368' })
  version!: string;

  @ApiPropertyOptional({ example: 'its render of /contact-us answered 500' })
  reason?: string;

  @ApiProperty({ type: String, format: 'date-time' })
  at!: Date;
}

/** One remote in one environment: what it serves, what it served before, and how it moved. */
export class RemoteDeploymentResponse {
  @ApiProperty({ enum: REMOTE_NAMES })
  remote!: string;

  @ApiProperty({ example: 'production' })
  environment!: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The version served' })
  current!: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The version a rollback goes back to',
  })
  previous!: string | null;

  @ApiPropertyOptional({
    type: ShellReportResponse,
    nullable: true,
    description: 'The version the shells last said they serve, and since when',
  })
  serving!: ShellReportResponse | null;

  @ApiProperty({
    type: [ShellReportResponse],
    description: 'Versions the shells refused, newest first, with why',
  })
  refused!: ShellReportResponse[];

  @ApiProperty({ type: [PointerMoveResponse], description: 'The pointer’s moves, newest first' })
  moves!: PointerMoveResponse[];

  @ApiProperty({ type: [PublishedVersionResponse], description: 'Published, newest first' })
  versions!: PublishedVersionResponse[];
}

export class DeploymentPointersResponse {
  @ApiProperty({ example: 'production' })
  environment!: string;

  @ApiProperty({
    example: { public_mfe: '3f9a0c1b2d4e-e98d368', admin_mfe: null },
    description: 'The version each remote serves, or null before its first publish',
  })
  remotes!: Record<string, string | null>;

  @ApiProperty({
    example: { public_mfe: '3f9a0c1b2d4e-e98d368', admin_mfe: null },
    description:
      'The version a shell last reported serving (SHELL_TOKEN), or null: a shell just started falls back to it when it refuses the one named',
  })
  serving!: Record<string, string | null>;
}

/** Where a pointer is after a move. */
export class MovedPointerResponse {
  @ApiProperty({ enum: REMOTE_NAMES })
  remote!: string;

  @ApiProperty({ example: 'production' })
  environment!: string;

  @ApiProperty({ example: '3f9a0c1b2d4e-e98d368', description: 'The version it names now' })
  current!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The version a rollback would go back to now',
  })
  previous!: string | null;

  @ApiProperty({
    description: 'False when a publish with onlyIfNew left the pointer where it was',
  })
  moved!: boolean;
}

/** What the remote's server may delete: candidates no environment's pointer still needs. */
export class PrunedVersionsResponse {
  @ApiProperty({ example: ['0a1b2c3d4e5f-a1b2c3d'], type: [String] })
  removed!: string[];
}
