import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AuditItemName } from '../audit/audit-action.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { ListQueryDto, ListRoute, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateUserDto } from './dto/create-user.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserResponse } from './dto/user.response';
import { UsersService } from './users.service';

/** Every user endpoint is for administrators (the global AccessGuard). */
@ApiTags('users')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator' })
@AuditItemName('UserName')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ListRoute(UserResponse, 'Total in X-Total-Count')
  async list(@Query() query: ListQueryDto, @Paginate() paginate: Paginate) {
    return paginate(await this.users.list(query), query);
  }

  @Get(':id')
  @ApiOkResponse({ type: UserResponse })
  findOne(@Param('id', ParseObjectIdPipe) id: string) {
    return this.users.findById(id);
  }

  @Post()
  @ApiCreatedResponse({ type: UserResponse })
  @ApiConflictResponse({ description: 'UserName or Email already in use' })
  create(@Body() dto: CreateUserDto) {
    return this.users.create(dto);
  }

  @Put(':id')
  @ApiOkResponse({ type: UserResponse })
  @ApiConflictResponse({ description: 'UserName or Email in use, or the last administrator' })
  update(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateUserDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.users.update(id, dto, user.id);
  }

  @Post(':id/logout')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Signs the user out everywhere: every token issued so far stops working at once',
  })
  @ApiNotFoundResponse({ description: 'No such user' })
  async endSessions(@Param('id', ParseObjectIdPipe) id: string) {
    await this.users.endSessions(id);
  }

  @Post(':id/unlock')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: "Forgets the user's failed sign-ins: no slow-down holds them any more",
  })
  @ApiNotFoundResponse({ description: 'No such user' })
  async unlock(@Param('id', ParseObjectIdPipe) id: string) {
    await this.users.unlock(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiConflictResponse({ description: 'Your own account or the last administrator' })
  async remove(@Param('id', ParseObjectIdPipe) id: string, @CurrentUser() user: AuthUser) {
    await this.users.remove(id, user.id);
  }
}
