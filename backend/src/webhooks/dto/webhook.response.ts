import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_DELIVERY_STATUSES } from '@vitrine/contracts';

export class WebhookResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  id: string;

  @ApiProperty({ example: 'https://mirror.example.com/hooks/vitrine' })
  url: string;

  @ApiProperty({ example: ['*'], type: [String] })
  events: string[];

  @ApiProperty({ example: 'Static mirror of the catalogue' })
  description: string;

  @ApiProperty({ example: true })
  enabled: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

/** The endpoint as registered (or its secret rotated): the one answer that shows the secret. */
export class WebhookWithSecretResponse extends WebhookResponse {
  @ApiProperty({
    example: 'whsec_3q2m5bKc9kX1oQe8y7Vf0pLr4sTu6wAz',
    description: 'The signing secret: shown this once, keep it where the receiver reads it',
  })
  secret: string;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ example: '665f1c2e8b3e4a0012345690', description: 'Vitrine-Delivery' })
  id: string;

  @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
  webhookId: string;

  @ApiProperty({ example: 'evt_0b7f…', description: "The payload's id, the same in a replay" })
  eventId: string;

  @ApiProperty({ example: 'product.published' })
  event: string;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES, example: 'delivered' })
  status: string;

  @ApiProperty({ example: 1 })
  attempts: number;

  @ApiProperty({ example: 200, type: Number, nullable: true })
  lastResponseCode: number | null;

  @ApiProperty({ example: null, type: String, nullable: true })
  lastError: string | null;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:01.000Z', type: String, nullable: true })
  lastAttemptAt: string | null;

  @ApiProperty({ example: '2026-11-22T10:00:01.000Z', type: String, nullable: true })
  deliveredAt: string | null;

  @ApiProperty({
    example: '2026-11-22T10:00:31.000Z',
    description: 'When a pending delivery is next tried',
  })
  nextAttemptAt: string;

  @ApiProperty({ example: null, type: String, nullable: true })
  replayOf: string | null;
}
