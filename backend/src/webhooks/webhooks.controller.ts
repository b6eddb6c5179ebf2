import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { ListQueryDto, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import {
  WebhookDeliveryResponse,
  WebhookResponse,
  WebhookWithSecretResponse,
} from './dto/webhook.response';
import { WebhooksService } from './webhooks.service';

class TestEventResponse {
  @ApiProperty({
    example: 'evt_9dc6059d-5a13-40d8-890e-b65c97f728eb',
    description: "The payload's id",
  })
  eventId: string;
}

/** Administrators only (the access guard's default): endpoints, deliveries, replays, tests. */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({ summary: 'Register an endpoint; the answer shows its secret, once' })
  @ApiCreatedResponse({ type: WebhookWithSecretResponse })
  create(@Body() dto: CreateWebhookDto) {
    return this.webhooks.create(dto);
  }

  @Get()
  @ApiOkResponse({ type: [WebhookResponse], description: 'Every endpoint, without secrets' })
  list() {
    return this.webhooks.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: WebhookResponse })
  findOne(@Param('id', ParseObjectIdPipe) id: string) {
    return this.webhooks.findOne(id);
  }

  @Put(':id')
  @ApiOkResponse({ type: WebhookResponse })
  update(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: UpdateWebhookDto) {
    return this.webhooks.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with its delivery log' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.webhooks.remove(id);
  }

  @Post(':id/secret')
  @ApiOperation({ summary: 'Rotate the signing secret; the answer shows the new one, once' })
  @ApiCreatedResponse({ type: WebhookWithSecretResponse })
  rotateSecret(@Param('id', ParseObjectIdPipe) id: string) {
    return this.webhooks.rotateSecret(id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'The delivery log, newest first; `category` filters by status' })
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  async deliveries(
    @Param('id', ParseObjectIdPipe) id: string,
    @Query() query: ListQueryDto,
    @Paginate() paginate: Paginate,
  ) {
    return paginate(await this.webhooks.deliveriesOf(id, query), query);
  }

  @Post(':id/deliveries/:deliveryId/replay')
  @ApiOperation({ summary: 'Send the same event again, as a new delivery' })
  @ApiCreatedResponse({ type: WebhookDeliveryResponse })
  replay(
    @Param('id', ParseObjectIdPipe) id: string,
    @Param('deliveryId', ParseObjectIdPipe) deliveryId: string,
  ) {
    return this.webhooks.replay(id, deliveryId);
  }

  @Post(':id/test')
  @ApiOperation({ summary: 'Send a webhook.test event to this endpoint' })
  @ApiCreatedResponse({ type: TestEventResponse })
  sendTest(@Param('id', ParseObjectIdPipe) id: string) {
    return this.webhooks.sendTest(id);
  }
}
