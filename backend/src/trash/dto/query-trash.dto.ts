import { ApiPropertyOptional } from '@nestjs/swagger';
import { TRASH_TYPES, type TrashType } from '@vitrine/contracts';
import { IsIn, IsOptional } from 'class-validator';
import { ListQueryDto } from '../../common/http/list-query';

/** The usual list query, plus what kind of item. */
export class QueryTrashDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: TRASH_TYPES, example: 'product' })
  @IsOptional()
  @IsIn(TRASH_TYPES, { message: `type must be one of: ${TRASH_TYPES.join(', ')}` })
  type?: TrashType;
}
