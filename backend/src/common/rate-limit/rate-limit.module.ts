import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getConnectionToken } from '@nestjs/mongoose';
import { ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import type { Connection } from 'mongoose';
import type { RateLimitConfig } from '../../config/rate-limit.config';
import { Clock } from '../clock/clock';
import { LoginThrottle } from './login-throttle';
import { MongoThrottlerStorage } from './mongo-throttler.storage';
import { RateLimitGuard } from './rate-limit.guard';

const MINUTE = 60_000;

/**
 * The rate limits, as named throttlers: `<@RateLimit name>-<what is counted>`. Counters
 * live in MongoDB, shared by every instance. Keys name the throttler and the client, not
 * the route, so the routes of one @RateLimit name count together. Sign-in is limited here
 * per address only: wrong guesses per user name are LoginThrottle's, which a flood of
 * guesses from elsewhere cannot turn into a lock-out of the owner. The insights beacons are
 * limited in each instance's memory instead (BeaconRateLimitGuard): no write per beacon.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, getConnectionToken(), Clock],
      useFactory: (config: ConfigService, connection: Connection, clock: Clock) => {
        const limits = config.getOrThrow<RateLimitConfig>('rateLimit');
        const throttlers: ThrottlerOptions[] = [
          { name: 'login-address', ttl: MINUTE, limit: limits.loginPerMinute },
          { name: 'enquiry-address', ttl: MINUTE, limit: limits.enquiryPerMinute },
        ];
        return {
          throttlers,
          storage: new MongoThrottlerStorage(connection, clock),
          generateKey: (_context, tracker, throttler) => `${throttler}:${tracker}`,
          setHeaders: false,
        };
      },
    }),
  ],
  providers: [RateLimitGuard, LoginThrottle],
  exports: [RateLimitGuard, LoginThrottle],
})
export class RateLimitModule {}
