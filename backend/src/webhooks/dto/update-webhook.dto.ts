import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, ValidateIf } from 'class-validator';
import { CreateWebhookDto } from './create-webhook.dto';

/** Any of the endpoint's fields, and whether it receives events at all. */
export class UpdateWebhookDto extends PartialType(CreateWebhookDto) {
  @ApiPropertyOptional({ example: false, description: 'A disabled endpoint is sent nothing' })
  @ValidateIf((dto: UpdateWebhookDto) => dto.enabled !== undefined)
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}
