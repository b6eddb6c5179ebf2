import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
} from 'class-validator';
import { PHONE_PATTERN } from '@vitrine/contracts';
import { RequiredText } from '../../common/validation/fields';
import { trimmed } from '../../common/validation/transforms';

export class CreateUserDto {
  @RequiredText('First name', 60, 'Asha')
  FirstName: string;

  @RequiredText('Last name', 60, 'Verma')
  LastName: string;

  @ApiProperty({ example: 'asha.verma', description: 'Unique, case-insensitive' })
  @Transform(trimmed)
  @IsString({ message: 'User name must be text' })
  @Matches(/^[A-Za-z0-9._-]{3,40}$/, {
    message: 'User name must be 3-40 letters, digits, dots, dashes or underscores',
  })
  UserName: string;

  @ApiProperty({ example: 'asha@vitrine.example', description: 'Unique, case-insensitive' })
  @Transform(trimmed)
  @IsEmail({}, { message: 'Email must be a valid e-mail address' })
  @MaxLength(120, { message: 'Email must be at most 120 characters' })
  Email: string;

  @ApiProperty({ example: '+91 98765 43210' })
  @Transform(trimmed)
  @IsString({ message: 'Number must be text' })
  @Matches(PHONE_PATTERN, {
    message: 'Number must be a phone number (digits, spaces, +, - or brackets)',
  })
  Number: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8, writeOnly: true })
  @IsString({ message: 'Password must be text' })
  @Length(8, 128, { message: 'Password must be 8 to 128 characters' })
  Password: string;

  @ApiPropertyOptional({ example: true, default: false, description: 'May use the admin area' })
  @IsOptional()
  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin?: boolean;
}
