import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import type { AuthConfig } from '../config/auth.config';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { TokenAuthenticator } from './token-authenticator';

@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => {
        const { jwtKey, jwtExpiresIn } = config.getOrThrow<AuthConfig>('auth');
        return {
          secret: jwtKey,
          signOptions: { algorithm: 'HS256', expiresIn: jwtExpiresIn as `${number}h` },
        };
      },
    }),
  ],
  controllers: [AuthController, AccountController],
  providers: [AuthService, TokenAuthenticator],
  exports: [AuthService, TokenAuthenticator],
})
export class AuthModule {}
