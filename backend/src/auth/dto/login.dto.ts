import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'User name must be text' })
  @IsNotEmpty({ message: 'User name is required' })
  @MaxLength(120, { message: 'User name is too long' })
  UserName: string;

  @ApiProperty({ example: 'your password', writeOnly: true })
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128, { message: 'Password is too long' })
  Password: string;
}

export class LoginResponse {
  @ApiProperty({
    description: 'JWT with sub, UserName and isAdmin; send as `Authorization: Bearer …`',
  })
  token: string;
}
