import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import { TooManyRequestsException } from '../http/too-many-requests.exception';

export type RateLimitName = 'login' | 'enquiry';
const RATE_LIMIT = 'rateLimit';

/**
 * Limits how often one client may call the route per minute (429 with Retry-After), with
 * the counters every API instance shares. Both count per address; routes with the same
 * name share their counters.
 */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

/**
 * @nestjs/throttler's guard, applying to a route only the throttlers of its @RateLimit
 * name (see RateLimitModule), and refusing with the API's own 429.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const name = this.reflector.get<RateLimitName | undefined>(
      RATE_LIMIT,
      request.context.getHandler(),
    );
    if (!name || !request.throttler.name?.startsWith(`${name}-`)) return true;
    // A throttler with nothing to count (no user name given) does not apply.
    const { req } = this.getRequestResponse(request.context);
    if (!(await request.getTracker(req, request.context))) return true;
    return super.handleRequest(request);
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const retryAfter = Math.max(1, detail.timeToBlockExpire);
    throw new TooManyRequestsException(
      `Too many requests; please try again in ${retryAfter} seconds`,
      retryAfter,
    );
  }
}
