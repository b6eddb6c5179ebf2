import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '../../../common/http/list-query';

/** `?page&limit&q` over the library, newest first: the common list's paging, its own search. */
export class QueryMediaDto extends PickType(ListQueryDto, ['page', 'limit']) {
  @ApiPropertyOptional({ example: 'linen', description: 'Searches alt texts and captions' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}
