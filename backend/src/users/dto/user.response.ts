import { ApiProperty } from '@nestjs/swagger';

/** A user as the API returns it: never a password or a hash. */
export class UserResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: 'Asha' })
  FirstName: string;

  @ApiProperty({ example: 'Verma' })
  LastName: string;

  @ApiProperty({ example: 'asha.verma' })
  UserName: string;

  @ApiProperty({ example: 'asha@vitrine.example' })
  Email: string;

  @ApiProperty({ example: '+91 98765 43210' })
  Number: string;

  @ApiProperty({ example: true })
  isAdmin: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}
