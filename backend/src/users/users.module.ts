import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { User, UserSchema } from './schemas/user.schema';
import { PasswordsService } from './passwords.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  controllers: [UsersController],
  providers: [UsersService, PasswordsService],
  exports: [UsersService, PasswordsService, MongooseModule],
})
export class UsersModule implements OnModuleInit {
  constructor(private readonly trash: TrashService) {}

  onModuleInit() {
    this.trash.register({
      type: 'user',
      model: User.name,
      collection: 'users',
      label: 'User',
      name: (document) => textOf(document.UserName),
      unique: {
        userNameKey: {
          field: 'UserName',
          message: 'Another user now has this user name: rename that one, and restore again',
        },
        emailKey: {
          field: 'Email',
          message: 'Another user now has this e-mail address: change that one, and restore again',
        },
      },
      // The account comes back, its sessions do not: tokens from before the deletion stay ended.
      revive: (document) => ({ ...document, tokenVersion: Number(document.tokenVersion ?? 0) + 1 }),
    });
  }
}
