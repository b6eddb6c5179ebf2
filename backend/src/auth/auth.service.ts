import { BadRequestException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { WRONG_CREDENTIALS, type TokenClaims } from '@vitrine/contracts';
import crypto from 'node:crypto';
import type { Model } from 'mongoose';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { TooManyRequestsException } from '../common/http/too-many-requests.exception';
import { LoginThrottle } from '../common/rate-limit/login-throttle';
import type { AppConfig } from '../config/app.config';
import type { AuthConfig } from '../config/auth.config';
import { PasswordsService } from '../users/passwords.service';
import { User, type UserDocument } from '../users/schemas/user.schema';
import { UsersService } from '../users/users.service';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @InjectModel(User.name) private readonly userModel: Model<User>,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly config: ConfigService,
    private readonly throttle: LoginThrottle,
    private readonly passwords: PasswordsService,
  ) {}

  /**
   * The same answer, in about the same time, for an unknown user and a wrong password, and
   * the same slow-down for both (LoginThrottle counts per name whether it exists or not).
   */
  async login(userName: string, password: string, address: string): Promise<{ token: string }> {
    await this.admit(userName, address);
    const user = await this.userModel
      .findOne({ userNameKey: userName.trim().toLowerCase() })
      .select('+Password +tokenVersion')
      .exec();
    const valid = await this.passwords.verify(user?.Password, password);
    if (!user || !valid) {
      await this.throttle.failed(userName, address);
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    await this.throttle.succeeded(userName, address);
    return { token: await this.issueToken(user) };
  }

  /**
   * Changes a signed-in user's own password, given the current one, which is guessed no
   * faster than at sign-in. Every other session ends; the answer is a token for this one.
   */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    address: string,
  ): Promise<{ token: string }> {
    const user = await this.userModel.findById(userId).select('+Password').exec();
    if (!user) throw new UnauthorizedException('Sign-in required');
    await this.admit(user.userNameKey, address);
    if (!(await this.passwords.verify(user.Password, current))) {
      await this.throttle.failed(user.userNameKey, address);
      throw new BadRequestException({
        message: 'The current password is not right',
        errors: { CurrentPassword: 'The current password is not right' },
      });
    }
    await this.throttle.succeeded(user.userNameKey, address);
    if (current === next) {
      throw new BadRequestException({
        message: 'Choose a new password that differs from the current one',
        errors: { Password: 'Choose a new password that differs from the current one' },
      });
    }
    const updated = await this.userModel
      .findByIdAndUpdate(
        userId,
        { $set: { Password: await this.passwords.hash(next) }, $inc: { tokenVersion: 1 } },
        { returnDocument: 'after' },
      )
      .select('+tokenVersion')
      .exec();
    if (!updated) throw new UnauthorizedException('Sign-in required');
    await this.throttle.reset(updated.userNameKey);
    return { token: await this.issueToken(updated) };
  }

  private async admit(userName: string, address: string): Promise<void> {
    const admission = await this.throttle.admit(userName, address);
    if (!admission.admitted) {
      const seconds = admission.retryAfterSeconds;
      throw new TooManyRequestsException(
        `Too many failed sign-ins; please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        seconds,
      );
    }
  }

  /**
   * A fresh token for a session that is still valid, so that an administrator at work is
   * not signed out mid-form. It keeps the session's sign-in time: past SESSION_MAX_HOURS
   * from it the password is asked again (JwtStrategy refuses the token).
   */
  async renew(session: AuthUser): Promise<{ token: string }> {
    const user = await this.userModel.findById(session.id).select('+tokenVersion').exec();
    if (!user) throw new UnauthorizedException('Sign-in required');
    return { token: await this.issueToken(user, session.signedInAt) };
  }

  /** `signedInAt`: the session's sign-in time (seconds) when renewing; now otherwise. */
  private issueToken(user: UserDocument, signedInAt?: number): Promise<string> {
    const claims: Omit<TokenClaims, 'iat' | 'exp'> = {
      sub: user.id,
      UserName: user.UserName,
      isAdmin: user.isAdmin,
      ver: user.tokenVersion ?? 0,
      auth_time: signedInAt ?? Math.floor(Date.now() / 1000),
    };
    return this.jwt.signAsync(claims);
  }

  /**
   * A fresh database gets its first administrator from ADMIN_USERNAME / ADMIN_PASSWORD.
   * Start-up calls it on one instance at a time (StartupService).
   */
  async ensureAdministrator() {
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
