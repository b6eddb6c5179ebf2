import { Body, Controller, Get, HttpCode, Ip, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { SignedIn } from '../common/decorators/public.decorator';
import { RateLimit, RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { UserResponse } from '../users/dto/user.response';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginResponse } from './dto/login.dto';

/** The signed-in user's own account, administrator or not ("My account"). */
@ApiTags('account')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@SignedIn()
@Controller('account')
export class AccountController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Get()
  @ApiOkResponse({ type: UserResponse })
  me(@CurrentUser() user: AuthUser) {
    return this.users.findById(user.id);
  }

  @Post('token')
  @HttpCode(200)
  @ApiOkResponse({
    type: LoginResponse,
    description:
      'A fresh token for this session, with the same sign-in time; the one sent stays valid until it expires',
  })
  @ApiUnauthorizedResponse({
    description: 'No valid token, or the sign-in is older than SESSION_MAX_HOURS',
  })
  renew(@CurrentUser() user: AuthUser): Promise<LoginResponse> {
    return this.auth.renew(user);
  }

  @Put('password')
  @UseGuards(RateLimitGuard)
  @RateLimit('login')
  @ApiOkResponse({
    type: LoginResponse,
    description: 'Changed: every other session has ended; this token replaces the one sent',
  })
  @ApiBadRequestResponse({
    description: 'The current password is not right, or a field is not valid',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see Retry-After' })
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Ip() address: string,
  ): Promise<LoginResponse> {
    return this.auth.changePassword(user.id, dto.CurrentPassword, dto.Password, address);
  }
}
