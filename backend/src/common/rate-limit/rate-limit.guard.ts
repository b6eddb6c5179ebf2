import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthConfig } from '../../config/auth.config';
import type { MailConfig } from '../../config/mail.config';
import { TooManyRequestsException } from '../http/too-many-requests.exception';
import { RateLimiter } from './rate-limiter';

export type RateLimitName = 'login' | 'enquiry';
const RATE_LIMIT = 'rateLimit';

/** Limits how often one client may call the route per minute (429 with Retry-After). */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT, name);

@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter = new RateLimiter();

  constructor(
    private readonly reflector: Reflector,
    private readonly config: ConfigService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMIT, context.getHandler());
    if (!name) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const limit = this.limitFor(name);

    // Sign-in is limited per address and per user name, so spreading a guessing attack
    // over many addresses does not help against one account.
    const keys = [`${name}:ip:${request.ip}`];
    const userName = (request.body as { UserName?: unknown } | undefined)?.UserName;
    if (name === 'login' && typeof userName === 'string' && userName.trim()) {
      keys.push(`${name}:user:${userName.trim().toLowerCase()}`);
    }

    const verdicts = keys.map((key) => this.limiter.hit(key, limit));
    const refused = verdicts.filter((verdict) => !verdict.allowed);
    if (refused.length === 0) return true;

    const retryAfter = Math.max(...refused.map((verdict) => verdict.retryAfterSeconds));
    throw new TooManyRequestsException(
      `Too many requests; please try again in ${retryAfter} seconds`,
      retryAfter,
    );
  }

  private limitFor(name: RateLimitName): number {
    return name === 'login'
      ? this.config.getOrThrow<AuthConfig>('auth').loginRateLimitPerMinute
      : this.config.getOrThrow<MailConfig>('mail').enquiryRateLimitPerMinute;
  }
}
