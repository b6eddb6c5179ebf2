import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { InjectModel } from '@nestjs/mongoose';
import type { TokenClaims } from '@vitrine/contracts';
import type { Model } from 'mongoose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthConfig } from '../config/auth.config';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { User } from '../users/schemas/user.schema';

/**
 * Verifies the signature (HS256 only: `alg: none` and others are refused) and expiry, then
 * reads the user's current rights from the database, so deleting a user or removing their
 * admin flag takes effect at once rather than when their token expires.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: ConfigService,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.getOrThrow<AuthConfig>('auth').jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser | false> {
    if (typeof claims.sub !== 'string' || !/^[0-9a-f]{24}$/i.test(claims.sub)) return false;
    const user = await this.users.findById(claims.sub).select('UserName isAdmin').lean().exec();
    if (!user) return false;
    return { id: String(user._id), UserName: user.UserName, isAdmin: user.isAdmin === true };
  }
}
