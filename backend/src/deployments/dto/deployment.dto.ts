import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_PATTERN, VERSION_PATTERN } from '@vitrine/contracts';
import { IsOptional, IsString, Matches } from 'class-validator';

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
