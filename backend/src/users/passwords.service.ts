import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import argon2 from 'argon2';
import type { AuthConfig } from '../config/auth.config';

/**
 * argon2id, the OWASP-recommended family: with the library's defaults (64 MiB, 3 passes), or
 * with 1 MiB and one pass where PASSWORD_HASH_COST=low (tests only: the configuration refuses
 * it outside NODE_ENV=test). A hash carries its own cost, so either verifies anywhere.
 */
const COSTS = {
  standard: {},
  low: { memoryCost: 1024, timeCost: 1 },
} as const;

@Injectable()
export class PasswordsService {
  private readonly options: argon2.HashOptions;
  /**
   * A real hash of a random secret, at the same cost, so that checking an unknown user name
   * costs the same time as checking a wrong password.
   */
  private readonly decoy: Promise<string>;

  constructor(config: ConfigService) {
    this.options = {
      type: argon2.argon2id,
      ...COSTS[config.getOrThrow<AuthConfig>('auth').passwordHashCost],
    };
    this.decoy = this.hash(`decoy-${Math.random()}-${Date.now()}`);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
