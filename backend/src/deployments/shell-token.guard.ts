import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import crypto from 'node:crypto';
import type { AppConfig } from '../config/app.config';

/**
 * Lets in the shells alone (`Authorization: Shell <SHELL_TOKEN>`): a shell acts for no user,
 * so its reports carry the secret the API and the shells share. Without SHELL_TOKEN set,
 * nobody gets in. Compared in constant time.
 */
@Injectable()
export class ShellTokenGuard implements CanActivate {
  private readonly token?: Buffer;

  constructor(config: ConfigService) {
    const { shellToken } = config.getOrThrow<AppConfig>('app');
    this.token = shellToken ? Buffer.from(shellToken) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const given = Buffer.from(/^Shell (.+)$/.exec(header)?.[1] ?? '');
    if (
      !this.token ||
      given.length !== this.token.length ||
      !crypto.timingSafeEqual(given, this.token)
    ) {
      throw new UnauthorizedException('Reports are taken from the shells alone (SHELL_TOKEN)');
    }
    return true;
  }
}
