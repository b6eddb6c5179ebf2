import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import crypto from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { TooManyRequestsException } from '../common/http/too-many-requests.exception';
import { addressKey } from '../common/rate-limit/login-throttle';
import type { RateLimitConfig } from '../config/rate-limit.config';

const WINDOW_MS = 60_000;
/**
 * Addresses followed at once: about 100 bytes each, so a few MB at most. Past it the least
 * recently seen is forgotten first, which lets a flood from that many addresses through
 * (it could come from as many anyway); the database is never asked.
 */
const MAX_ADDRESSES = 50_000;

interface Window {
  hits: number;
  endsAt: number;
}

/**
 * The beacons' rate limit (INSIGHTS_RATE_LIMIT a minute per address), in this instance's
 * memory: a fixed window per hashed address (an IPv6 address counts by its /64, as sign-in
 * does). The shared, MongoDB-backed limiter of the other routes costs one write per
 * request, which for a beacon would be more than the counting it protects (a few writes a
 * minute for any number of views); an abuser spread over N instances gets N times the
 * limit, which only inflates counts, never costs the database anything.
 */
@Injectable()
export class BeaconRateLimitGuard implements CanActivate {
  private readonly windows: LRUCache<string, Window>;
  private readonly limit: number;

  constructor(
    config: ConfigService,
    private readonly clock: Clock,
  ) {
    this.limit = config.getOrThrow<RateLimitConfig>('rateLimit').insightsPerMinute;
    this.windows = new LRUCache<string, Window>({
      max: MAX_ADDRESSES,
      ttl: WINDOW_MS,
      // The app's time, which tests move (lru-cache's own is performance.now()).
      perf: { now: () => clock.now().getTime() },
    });
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const key = crypto
      .createHash('sha256')
      .update(addressKey(request.ip ?? ''))
      .digest('base64url');
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.hits++;
    if (window.hits <= this.limit) return true;
    const retryAfter = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    throw new TooManyRequestsException(
      `Too many requests; please try again in ${retryAfter} seconds`,
      retryAfter,
    );
  }
}
