import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_PATTERN, VERSION_PATTERN } from '@vitrine/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';

const Environment = () =>
  applyDecorators(
    ApiPropertyOptional({ example: DEFAULT_ENVIRONMENT, description: 'Default: production' }),
    IsOptional(),
    IsString({ message: 'environment must be text' }),
    Matches(ENVIRONMENT_PATTERN, {
      message: 'environment must be lower-case letters, digits and dashes, such as production',
    }),
  );

const Version = () =>
  applyDecorators(
    ApiProperty({ example: '3f9a0c1b2d4e-e98d368', description: 'Content hash, then commit' }),
    IsString({ message: 'version must be text' }),
    Matches(VERSION_PATTERN, {
      message: 'version must be lower-case letters, digits, dots, dashes or underscores',
    }),
  );

/** A new build, put under `/<version>/` on the remote's server, and the pointer moved to it. */
export class PublishVersionDto {
  @Version()
  version!: string;

  @Environment()
  environment?: string;

  @ApiPropertyOptional({
    example: true,
    description:
      'Move the pointer only if it never named this version (a remote publishing its own ' +
      'build at start, so that a restart does not undo a rollback). Default: false',
  })
  @IsOptional()
  @IsBoolean({ message: 'onlyIfNew must be true or false' })
  onlyIfNew?: boolean;
}

/** Move an environment's pointer to a version published before. */
export class PromoteVersionDto {
  @Version()
  version!: string;

  @Environment()
  environment?: string;
}

/** Move an environment's pointer back to the version it named before. */
export class RollbackDto {
  @Environment()
  environment?: string;
}

/** A shell's report: it serves `version` now, or refused it and why. */
export class ShellReportDto {
  @Version()
  version!: string;

  @Environment()
  environment?: string;

  @ApiProperty({ enum: ['served', 'refused'] })
  @IsIn(['served', 'refused'], { message: 'outcome must be served or refused' })
  outcome!: 'served' | 'refused';

  @ApiPropertyOptional({ example: 'its render of /contact-us answered 500' })
  @IsOptional()
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}

/** Versions the remote's server would prune from its disk (those beyond the last N it keeps). */
export class PruneVersionsDto {
  @ApiProperty({ example: ['0a1b2c3d4e5f-a1b2c3d'], type: [String] })
  @IsArray({ message: 'candidates must be a list of versions' })
  @ArrayMaxSize(1000, { message: 'candidates must be at most 1000 versions' })
  @Matches(VERSION_PATTERN, {
    each: true,
    message:
      'each candidate must be a version: lower-case letters, digits, dots, dashes or underscores',
  })
  candidates!: string[];
}
