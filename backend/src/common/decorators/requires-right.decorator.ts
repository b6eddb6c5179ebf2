import { Reflector } from '@nestjs/core';
import type { ApiTokenEntity, ApiTokenRight } from '@vitrine/contracts';

/** What a route asks of an API token (see AccessGuard). */
export interface RequiredRight {
  entity: ApiTokenEntity;
  /** Every one of them is needed. */
  rights: ApiTokenRight[];
  /**
   * The route writes items that have a `published` state or a `publishAt` schedule: a body
   * that sets either needs the entity's `publish` right too (PublishRightInterceptor).
   */
  publishing?: boolean;
}

const RequiredRightMetadata = Reflector.createDecorator<RequiredRight>();

/**
 * The right an API token needs for the route (or for every route of the controller). A
 * route that declares none is closed to tokens: only signed-in administrators reach it. On
 * a @Public() route, a token that holds the right sees what an administrator sees (drafts
 * included); any other caller sees what visitors see.
 */
export const RequiresRight = (
  entity: ApiTokenEntity,
  rights: ApiTokenRight | ApiTokenRight[],
  options: { publishing?: boolean } = {},
) =>
  RequiredRightMetadata({
    entity,
    rights: Array.isArray(rights) ? rights : [rights],
    ...options,
  });

RequiresRight.metadata = RequiredRightMetadata;
