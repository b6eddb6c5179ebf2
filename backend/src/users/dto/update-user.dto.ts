import { ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length } from 'class-validator';
import { NULL_IS_A_VALUE } from '../../common/validation/fields';
import { CreateUserDto } from './create-user.dto';

export class UpdateUserDto extends PartialType(
  OmitType(CreateUserDto, ['Password'] as const),
  NULL_IS_A_VALUE,
) {
  @ApiPropertyOptional({
    example: '',
    writeOnly: true,
    description: 'Absent or empty keeps the current password',
  })
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @Length(8, 128, { message: 'Password must be 8 to 128 characters' })
  Password?: string;
}
