import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { listQuery, type ListQueryDto, type Page } from '../common/http/list-query';
import type { CreateUserDto } from './dto/create-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { hashPassword } from './passwords';
import { User, type UserDocument } from './schemas/user.schema';

const UNIQUE_FIELDS = { userNameKey: 'UserName', emailKey: 'Email' } as const;

@Injectable()
export class UsersService {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  async list(query: ListQueryDto): Promise<Page<UserDocument>> {
    const { filter, sort, skip, limit } = listQuery(query, {
      sortable: ['FirstName', 'LastName', 'UserName', 'Email', 'createdAt'],
      searchable: ['FirstName', 'LastName', 'UserName', 'Email'],
      defaultSort: 'UserName',
    });
    const [items, total] = await Promise.all([
      this.users.find(filter).sort(sort).skip(skip).limit(limit).exec(),
      this.users.countDocuments(filter).exec(),
    ]);
    return { items, total };
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
    const Password = await hashPassword(dto.Password);
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
    if (Password) user.Password = await hashPassword(Password);
    return this.saving(() => user.save());
  }

  async remove(id: string, actingUserId: string): Promise<void> {
    const user = await this.findById(id);
    if (id === actingUserId) throw new ConflictException('You cannot delete your own account');
    if (user.isAdmin) await this.assertAnotherAdmin(id);
    await user.deleteOne();
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
