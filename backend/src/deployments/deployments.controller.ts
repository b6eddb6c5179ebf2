import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseEnumPipe,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import {
  DEFAULT_ENVIRONMENT,
  ENVIRONMENT_PATTERN,
  REMOTE_NAMES,
  type RemoteName,
} from '@vitrine/contracts';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import {
  PromoteVersionDto,
  PruneVersionsDto,
  PublishVersionDto,
  RollbackDto,
  ShellReportDto,
} from './dto/deployment.dto';
import {
  DeploymentPointersResponse,
  MovedPointerResponse,
  PrunedVersionsResponse,
  RemoteDeploymentResponse,
} from './dto/deployment.response';
import { DeploymentsService } from './deployments.service';
import { ShellTokenGuard } from './shell-token.guard';

const REMOTE = new ParseEnumPipe(Object.fromEntries(REMOTE_NAMES.map((name) => [name, name])), {
  exceptionFactory: () =>
    new NotFoundException(`No such remote: the remotes are ${REMOTE_NAMES.join(' and ')}`),
});

/**
 * The environment a query or a body names, or else the default one. A body's is validated
 * first; a query's that is no environment's name means the default too.
 */
const environmentOf = (value?: string | null) =>
  value && ENVIRONMENT_PATTERN.test(value) ? value : DEFAULT_ENVIRONMENT;

/** The `:remote` of a route: one of REMOTE_NAMES (any other is a 404), and documented so. */
const Remote = (): ParameterDecorator => (target, key, index) => {
  Param('remote', REMOTE)(target, key, index);
  ApiParam({ name: 'remote', enum: REMOTE_NAMES, description: 'The remote’s container name' })(
    target,
    key as string,
    Object.getOwnPropertyDescriptor(target, key as string) as PropertyDescriptor,
  );
};

@ApiTags('deployments')
@Controller('deployments')
export class DeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @Public()
  @Get('pointers')
  @ApiQuery({ name: 'environment', required: false, example: DEFAULT_ENVIRONMENT })
  @ApiOkResponse({
    type: DeploymentPointersResponse,
    description: 'The version each remote serves in the environment (what the shells load)',
  })
  pointers(
    @Query('environment') environment: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    response.setHeader('Cache-Control', 'no-cache');
    return this.deployments.current(environmentOf(environment));
  }

  @Get()
  @ApiBearerAuth()
  @ApiQuery({ name: 'environment', required: false, example: DEFAULT_ENVIRONMENT })
  @ApiOkResponse({ type: [RemoteDeploymentResponse] })
  overview(@Query('environment') environment?: string) {
    return this.deployments.overview(environmentOf(environment));
  }

  @Post(':remote/versions')
  @ApiBearerAuth()
  @ApiCreatedResponse({
    type: MovedPointerResponse,
    description: 'Recorded, and the environment’s pointer moved to it (the shells check it)',
  })
  publish(@Remote() remote: RemoteName, @Body() dto: PublishVersionDto) {
    return this.deployments.publish(
      remote,
      environmentOf(dto.environment),
      dto.version,
      dto.onlyIfNew ?? false,
    );
  }

  @Post(':remote/promote')
  @ApiBearerAuth()
  @ApiCreatedResponse({
    type: MovedPointerResponse,
    description: 'The environment’s pointer moved to the version',
  })
  @ApiNotFoundResponse({ description: 'The version was never published' })
  @ApiConflictResponse({ description: 'The remote’s server pruned the version' })
  promote(@Remote() remote: RemoteName, @Body() dto: PromoteVersionDto) {
    return this.deployments.promote(remote, environmentOf(dto.environment), dto.version);
  }

  @Post(':remote/rollback')
  @ApiBearerAuth()
  @ApiCreatedResponse({
    type: MovedPointerResponse,
    description:
      'The pointer is back on the version it named before; each rollback goes one further back',
  })
  @ApiConflictResponse({ description: 'Nothing earlier to go back to, or it moved meanwhile' })
  rollback(@Remote() remote: RemoteName, @Body() dto: RollbackDto) {
    return this.deployments.rollback(remote, environmentOf(dto.environment));
  }

  /**
   * The remote's server (or `npm run deploy:publish`) pruning its versions beyond the last N:
   * it deletes only those given back, which no environment's pointer still needs.
   */
  @Post(':remote/prune')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: PrunedVersionsResponse, description: 'Marked removed: delete these' })
  prune(@Remote() remote: RemoteName, @Body() dto: PruneVersionsDto) {
    return this.deployments.prune(remote, dto.candidates);
  }

  /**
   * The shells' reports of what they serve and refuse, sent with SHELL_TOKEN (not a user's
   * sign-in: a shell acts for no one). Without that setting no report is taken.
   */
  @Public()
  @UseGuards(ShellTokenGuard)
  @Post(':remote/reports')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'Taken' })
  async report(@Remote() remote: RemoteName, @Body() dto: ShellReportDto): Promise<void> {
    await this.deployments.report(remote, environmentOf(dto.environment), dto);
  }
}
