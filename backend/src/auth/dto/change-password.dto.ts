import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';

export class ChangePasswordDto {
  @ApiProperty({ example: 'the current password', writeOnly: true })
  @IsString({ message: 'Current password must be text' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(128, { message: 'Current password is too long' })
  CurrentPassword: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8, writeOnly: true })
  @IsString({ message: 'Password must be text' })
  @Length(8, 128, { message: 'Password must be 8 to 128 characters' })
  Password: string;
}
