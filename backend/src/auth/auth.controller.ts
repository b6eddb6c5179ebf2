import { Body, Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public, SignedIn } from '../common/decorators/public.decorator';
import { UsersService } from '../users/users.service';
import { RateLimit, RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { AuthService } from './auth.service';
import { LoginDto, LoginResponse } from './dto/login.dto';

@ApiTags('auth')
@Controller('user')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('login')
  @ApiOkResponse({ type: LoginResponse })
  @ApiBadRequestResponse({ description: 'UserName or Password missing' })
  @ApiUnauthorizedResponse({ description: "{ message: 'Wrong Credentials' }" })
  @ApiTooManyRequestsResponse({
    description: 'Too many attempts from this address, or too many wrong guesses; see Retry-After',
  })
  login(@Body() dto: LoginDto, @Ip() address: string): Promise<LoginResponse> {
    return this.auth.login(dto.UserName, dto.Password, address);
  }

  @SignedIn()
  @Post('logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiNoContentResponse({
    description:
      'Signs out: this token and every other token of the user stop working at once, on every device',
  })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  async logout(@CurrentUser() user: AuthUser): Promise<void> {
    await this.users.endSessions(user.id);
  }
}
