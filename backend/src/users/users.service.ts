import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { noteChangedFields } from '../audit/audit-note';
import { listQuery, readPage, type ListQueryDto, type Page } from '../common/http/list-query';
import { LoginThrottle } from '../common/rate-limit/login-throttle';
import { TrashService } from '../trash/trash.service';
import type { CreateUserDto } from './dto/create-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { PasswordsService } from './passwords.service';
import { User, type UserDocument } from './schemas/user.schema';

const UNIQUE_FIELDS = { userNameKey: 'UserName', emailKey: 'Email' } as const;

@Injectable()
export class UsersService {
  @Inject(TrashService) private readonly trash!: TrashService;

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly throttle: LoginThrottle,
    private readonly passwords: PasswordsService,
  ) {}

  async list(query: ListQueryDto): Promise<Page<UserDocument>> {
    const { filter, sort, skip, limit } = listQuery(query, {
      sortable: ['FirstName', 'LastName', 'UserName', 'Email', 'createdAt'],
      searchable: ['FirstName', 'LastName', 'UserName', 'Email'],
      defaultSort: 'UserName',
    });
    return readPage(
      { skip, limit },
      (window) => this.users.find(filter).sort(sort).skip(skip).limit(window).exec(),
      () => this.users.countDocuments(filter).exec(),
    );
  }

  async findById(id: string): Promise<UserDocument> {
    const user = await this.users.findById(id).exec();
    if (!user) throw new NotFoundException('User not found');
    return user;
  }

  count(): Promise<number> {
    return this.users.estimatedDocumentCount().exec();
  }

  async create(dto: CreateUserDto): Promise<UserDocument> {
    await this.assertUnique(dto);
    const Password = await this.passwords.hash(dto.Password);
    return this.saving(() =>
      this.users.create({
        ...dto,
        Password,
        isAdmin: dto.isAdmin ?? false,
        userNameKey: dto.UserName.toLowerCase(),
        emailKey: dto.Email.toLowerCase(),
      }),
    );
  }

  async update(id: string, dto: UpdateUserDto, actingUserId: string): Promise<UserDocument> {
    const user = await this.findById(id);
    await this.assertUnique(dto, id);
    if (dto.isAdmin === false && user.isAdmin) {
      if (id === actingUserId)
        throw new ConflictException('You cannot remove your own administrator rights');
      await this.assertAnotherAdmin(id);
    }
    const { Password, ...fields } = dto;
    user.set(fields);
    if (dto.UserName) user.userNameKey = dto.UserName.toLowerCase();
    if (dto.Email) user.emailKey = dto.Email.toLowerCase();
    if (Password) {
      user.Password = await this.passwords.hash(Password);
      // A new password ends every session signed in with the old one.
      user.$inc('tokenVersion', 1);
    }
    noteChangedFields(user.modifiedPaths());
    const saved = await this.saving(() => user.save());
    // ...and lets its owner sign in at once, however many guesses others made.
    if (Password) await this.throttle.reset(saved.userNameKey);
    return saved;
  }

  /** Forgets the user's failed sign-ins, so no slow-down holds them. */
  async unlock(id: string): Promise<void> {
    const user = await this.findById(id);
    await this.throttle.reset(user.userNameKey);
  }

  /** Ends every session of the user: their tokens stop working at their next request. */
  async endSessions(id: string): Promise<void> {
    const { matchedCount } = await this.users
      .updateOne({ _id: id }, { $inc: { tokenVersion: 1 } })
      .exec();
    if (matchedCount === 0) throw new NotFoundException('User not found');
  }

  async remove(id: string, actingUserId: string): Promise<void> {
    const user = await this.findById(id);
    if (id === actingUserId) throw new ConflictException('You cannot delete your own account');
    if (user.isAdmin) await this.assertAnotherAdmin(id);
    // Into the trash: restoring brings the account back, password included.
    await this.trash.discard(user);
  }

  private async assertAnotherAdmin(exceptId: string) {
    const others = await this.users
      .countDocuments({ isAdmin: true, _id: mongoose.trusted({ $ne: exceptId }) })
      .exec();
    if (others === 0) throw new ConflictException('The last administrator cannot be removed');
  }

  /** 409 naming the field, before writing; the unique indexes catch any race after. */
  private async assertUnique(dto: Partial<Pick<User, 'UserName' | 'Email'>>, exceptId?: string) {
    const errors: Record<string, string> = {};
    const taken = async (key: 'userNameKey' | 'emailKey', value: string) => {
      const found = await this.users
        .findOne({ [key]: value.toLowerCase() })
        .select('_id')
        .lean()
        .exec();
      return found !== null && String(found._id) !== exceptId;
    };
    if (dto.UserName && (await taken('userNameKey', dto.UserName)))
      errors.UserName = 'This user name is already taken';
    if (dto.Email && (await taken('emailKey', dto.Email)))
      errors.Email = 'This e-mail address is already used';
    if (Object.keys(errors).length)
      throw new ConflictException({ message: Object.values(errors).join('; '), errors });
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const duplicate = error as { code?: number; keyPattern?: Record<string, unknown> };
      if (duplicate.code === 11000) {
        const key = Object.keys(duplicate.keyPattern ?? {})[0] as keyof typeof UNIQUE_FIELDS;
        const field = UNIQUE_FIELDS[key] ?? 'UserName';
        throw new ConflictException({
          message: `This ${field} is already in use`,
          errors: { [field]: `This ${field} is already in use` },
        });
      }
      throw error;
    }
  }
}
