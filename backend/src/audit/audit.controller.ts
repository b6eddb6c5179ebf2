import { Controller, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ListQueryDto, ListRoute, Paginate } from '../common/http/list-query';
import { AUDIT_ACTIONS } from './audit-action.decorator';
import { AuditService } from './audit.service';

class AuditEntryResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  _id: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345670' })
  actorId: string;

  @ApiProperty({ example: 'admin' })
  actorName: string;

  @ApiProperty({ example: 'update', enum: AUDIT_ACTIONS })
  action: string;

  @ApiProperty({ example: 'product' })
  entity: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345679', nullable: true })
  entityId: string | null;

  @ApiProperty({
    example: 'Indigo handloom cotton',
    type: String,
    nullable: true,
    description: "The item's name when the change was made; null when it has none (settings)",
  })
  itemName: string | null;

  @ApiProperty({
    example: ['ProductHeading', 'ProductPrice'],
    type: [String],
    description: 'The fields an update changed, by their API names; empty for other changes',
  })
  fields: string[];

  @ApiProperty({ example: 'PUT' })
  method: string;

  @ApiProperty({ example: '/api/product/665f1c2e8b3e4a0012345679' })
  path: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;
}

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @ListRoute(AuditEntryResponse, 'Newest first; `category` filters by entity')
  async list(@Query() query: ListQueryDto, @Paginate() paginate: Paginate) {
    return paginate(await this.audit.list(query), query);
  }
}
