import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_ALL_EVENTS, WEBHOOK_EVENTS } from '@vitrine/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { trimmed } from '../../common/validation/transforms';

const SUBSCRIBABLE = [...WEBHOOK_EVENTS, WEBHOOK_ALL_EVENTS];

/** An endpoint to register: where to send, which events, and a note for administrators. */
export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://mirror.example.com/hooks/vitrine',
    description: 'https:// in production; its host must resolve to a public address',
  })
  @Transform(trimmed)
  @MaxLength(2000, { message: 'url must be at most 2000 characters' })
  @IsString({ message: 'url must be text' })
  url: string;

  @ApiProperty({
    example: ['product.published', 'product.unpublished'],
    type: [String],
    description: `Event names (${WEBHOOK_EVENTS.join(', ')}), or ["*"] for every event`,
  })
  @IsIn(SUBSCRIBABLE, { each: true, message: 'events must name known events, or be ["*"]' })
  @ArrayMaxSize(SUBSCRIBABLE.length, { message: 'events names an event twice' })
  @ArrayNotEmpty({ message: 'events must name at least one event' })
  @IsArray({ message: 'events must be a list of event names' })
  events: string[];

  @ApiPropertyOptional({ example: 'Static mirror of the catalogue', maxLength: 200 })
  @Transform(trimmed)
  @ValidateIf((dto: CreateWebhookDto) => dto.description !== undefined)
  @MaxLength(200, { message: 'description must be at most 200 characters' })
  @IsString({ message: 'description must be text' })
  description?: string;
}
