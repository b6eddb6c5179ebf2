import { ApiPropertyOptional } from '@nestjs/swagger';
import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { ListQueryDto } from '../../common/http/list-query';
import { LocaleParam, MissingParam } from '../../common/i18n/site-languages';

/** The usual list query, except that the gallery comes whole unless a page is asked for. */
export class QueryGalleryDto extends ListQueryDto {
  @ApiPropertyOptional({
    example: LIST_MAX_LIMIT,
    minimum: 1,
    maximum: LIST_MAX_LIMIT,
    default: LIST_MAX_LIMIT,
  })
  override limit?: number = LIST_MAX_LIMIT;

  @LocaleParam()
  locale?: string;

  @MissingParam()
  missing?: string;
}
