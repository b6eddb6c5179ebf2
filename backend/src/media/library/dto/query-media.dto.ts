import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '../../../common/http/list-query';
import { MissingParam } from '../../../common/i18n/site-languages';

/**
 * `?page&limit&q&missing` over the library, newest first: the common list's paging, its own
 * search, and the images whose alt text is still untranslated in a language.
 */
export class QueryMediaDto extends PickType(ListQueryDto, ['page', 'limit']) {
  @ApiPropertyOptional({ example: 'linen', description: 'Searches alt texts and captions' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;

  @MissingParam()
  missing?: string;
}
