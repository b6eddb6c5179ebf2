import {
  Injectable,
  Logger,
  UnauthorizedException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { WRONG_CREDENTIALS } from '@vitrine/contracts';
import crypto from 'node:crypto';
import type { Model } from 'mongoose';
import { TooManyRequestsException } from '../common/http/too-many-requests.exception';
import type { AppConfig } from '../config/app.config';
import type { AuthConfig } from '../config/auth.config';
import { verifyPassword } from '../users/passwords';
import { User } from '../users/schemas/user.schema';
import { UsersService } from '../users/users.service';

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectModel(User.name) private readonly userModel: Model<User>,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly config: ConfigService,
  ) {}

  /**
   * The same answer, in about the same time, for an unknown user and a wrong password.
   * Ten failures in a row lock the account for 15 minutes.
   */
  async login(userName: string, password: string): Promise<{ token: string }> {
    const { lockoutThreshold, lockoutMs } = this.config.getOrThrow<AuthConfig>('auth');
    const user = await this.userModel
      .findOne({ userNameKey: userName.trim().toLowerCase() })
      .select('+Password +failedLogins +lockedUntil')
      .exec();

    const valid = await verifyPassword(user?.Password, password);
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      const seconds = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 1000);
      throw new TooManyRequestsException(
        `Too many failed sign-ins; this account is locked for ${Math.ceil(seconds / 60)} more minutes`,
        seconds,
      );
    }
    if (!user || !valid) {
      if (user) {
        user.failedLogins = (user.failedLogins ?? 0) + 1;
        if (user.failedLogins >= lockoutThreshold) {
          user.lockedUntil = new Date(Date.now() + lockoutMs);
          user.failedLogins = 0;
          this.logger.warn(`Account ${user.id} locked after ${lockoutThreshold} failed sign-ins`);
        }
        await user.save();
      }
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    if (user.failedLogins || user.lockedUntil) {
      user.failedLogins = 0;
      user.lockedUntil = null;
      await user.save();
    }
    const token = await this.jwt.signAsync({
      sub: user.id,
      UserName: user.UserName,
      isAdmin: user.isAdmin,
    });
    return { token };
  }

  /** A fresh database gets its first administrator from ADMIN_USERNAME / ADMIN_PASSWORD. */
  async onApplicationBootstrap() {
    if ((await this.users.count()) > 0) return;
    const { adminUsername, adminPassword } = this.config.getOrThrow<AuthConfig>('auth');
    const { env } = this.config.getOrThrow<AppConfig>('app');
    if (!adminPassword && env === 'production') {
      throw new Error(
        'The database has no user: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first administrator',
      );
    }
    const password = adminPassword ?? crypto.randomBytes(12).toString('base64url');
    await this.users.create({
      FirstName: 'Site',
      LastName: 'Administrator',
      UserName: adminUsername,
      Email: `${adminUsername}@vitrine.local`,
      Number: '+910000000000',
      Password: password,
      isAdmin: true,
    });
    if (adminPassword) {
      this.logger.log(
        `Created the administrator "${adminUsername}" from ADMIN_USERNAME/ADMIN_PASSWORD`,
      );
    } else {
      // Development only, and only this once: the password is not stored anywhere readable.
      this.logger.warn(
        `Created the administrator "${adminUsername}" with the generated password: ${password}`,
      );
    }
  }
}
