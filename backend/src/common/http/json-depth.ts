import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Deeper than any form of ours (settings, at 3), far below what recursion chokes on. */
export const MAX_BODY_DEPTH = 20;

/**
 * How deeply `value` nests objects and arrays, counting no further than `limit + 1`.
 * Iterative: a body 100,000 levels deep must not overflow the stack that measures it.
 */
export function nestingDepth(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Refuses parsed bodies nested deeper than `limit` with a 400, before the validation pipe:
 * class-transformer recurses once per level and answered a 5,000-deep body with a stack
 * overflow (a 500) after tying up the event loop.
 */
export function limitBodyDepth(limit = MAX_BODY_DEPTH) {
  return function limitBodyDepthMiddleware(
    request: Request,
    _response: Response,
    next: NextFunction,
  ) {
    if (nestingDepth(request.body, limit) > limit) {
      return next(
        new BadRequestException(
          `The request body is nested too deeply (at most ${limit} levels of objects and arrays)`,
        ),
      );
    }
    next();
  };
}
