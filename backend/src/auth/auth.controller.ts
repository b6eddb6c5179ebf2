import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { RateLimit, RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { AuthService } from './auth.service';
import { LoginDto, LoginResponse } from './dto/login.dto';

@ApiTags('auth')
@Controller('user')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('login')
  @ApiOkResponse({ type: LoginResponse })
  @ApiBadRequestResponse({ description: 'UserName or Password missing' })
  @ApiUnauthorizedResponse({ description: "{ message: 'Wrong Credentials' }" })
  @ApiTooManyRequestsResponse({ description: 'Rate limit or account lock-out; see Retry-After' })
  login(@Body() dto: LoginDto): Promise<LoginResponse> {
    return this.auth.login(dto.UserName, dto.Password);
  }
}
