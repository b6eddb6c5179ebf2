import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { INSIGHTS_ACTIONS, uncountedReason } from '@vitrine/contracts';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { SchemaValidationPipe } from '../common/validation/schema-validation.pipe';
import { ShellTokenGuard } from '../deployments/shell-token.guard';
import { CSV_BOM, csvRow } from '../enquiries/enquiry-csv';
import {
  InsightsActionCount,
  InsightsDeviceCount,
  InsightsPageCount,
  InsightsProductCount,
  InsightsProductNumbers,
  InsightsReferrersResponse,
  InsightsSummaryResponse,
} from './dto/insights.response';
import { AdminRoute } from '../common/decorators/admin-route.decorator';
import { BeaconRateLimitGuard } from './beacon-rate-limit.guard';
import {
  InsightsEventDto,
  InsightsProductParams,
  InsightsRangeDto,
  SHELL_VIEWS,
  type ShellViews,
  ShellViewsDto,
} from './dto/insights.dto';
import { DEVICE_CLASSES, REFERRER_GROUPS, referrerGroup } from './insights-classify';
import { eachDay } from './insights-days';
import { InsightsProductNames } from './insights-product-names';
import { type DailyCount, type Dimension, InsightsService } from './insights.service';

/** Read routes for administrators only (no API token right), over a range of days. */
const RangeRoute = () =>
  applyDecorators(
    AdminRoute(),
    ApiBadRequestResponse({
      description: 'A day not written YYYY-MM-DD, from after to, or more than two years',
    }),
  );

/** The most rows each top list gives. */
const TOP = 100;

/** Sums one count field per key over the days of a range. */
function byKey(
  counts: DailyCount[],
  field: 'views' | 'visitors' | 'enquiries' = 'views',
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const count of counts) sums.set(count.key, (sums.get(count.key) ?? 0) + (count[field] ?? 0));
  return sums;
}

const mostFirst = <T extends { views: number }>(rows: T[]) =>
  rows.sort((a, b) => b.views - a.views).slice(0, TOP);

@ApiTags('insights')
@Controller('insights')
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly names: InsightsProductNames,
  ) {}

  @Public()
  @Post('events')
  @HttpCode(202)
  @UseGuards(BeaconRateLimitGuard)
  @ApiOperation({
    summary: 'Report a view after a client-side navigation, or an action (the public site)',
    description:
      'Sent with navigator.sendBeacon, as JSON or as text/plain holding JSON (2 KB at most). ' +
      'Answered 202 whether or not it is counted: crawlers, DNT: 1, Sec-GPC: 1, prefetches, ' +
      'the admin pages and administrators (the vitrine_admin cookie, or their sign-in) are ' +
      'not. Limited per address (INSIGHTS_RATE_LIMIT a minute).',
  })
  @ApiConsumes('application/json', 'text/plain')
  @ApiAcceptedResponse({ description: 'Taken (counted or not)' })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiPayloadTooLargeResponse({ description: 'A body over 2 KB' })
  @ApiTooManyRequestsResponse({ description: 'Too many from this address; see Retry-After' })
  async event(
    @Body() event: InsightsEventDto,
    @Req() request: Request & { user?: AuthUser },
  ): Promise<void> {
    if (request.user?.isAdmin || uncountedReason(event.path, request.headers)) return;
    if (event.type === 'action' && event.action) {
      this.insights.countAction({ action: event.action, product: event.product });
      return;
    }
    await this.insights.countView({
      path: event.path,
      // A beacon's view is a move within the site unless it names where the visitor came from.
      referrer: event.referrer ?? null,
      address: request.ip ?? '',
      userAgent: request.headers['user-agent'] ?? '',
    });
  }

  @Public()
  @Post('views')
  @HttpCode(202)
  @UseGuards(ShellTokenGuard)
  @ApiOperation({
    summary: 'Report the pages a shell served (the shells alone)',
    description:
      '`Authorization: Shell <SHELL_TOKEN>`. The shell sends only the views it found ' +
      'countable; addresses and user agents are hashed and classified, never stored.',
  })
  @ApiBody({ type: ShellViewsDto })
  @ApiAcceptedResponse({ description: 'Counted' })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiUnauthorizedResponse({ description: 'No SHELL_TOKEN, or not this one' })
  async views(@Body(new SchemaValidationPipe(SHELL_VIEWS)) body: ShellViews): Promise<void> {
    await this.insights.countViews(body.views);
  }

  @Get('summary')
  @RangeRoute()
  @ApiOperation({
    summary: 'Views and unique visitors over a range of days, and over the one before',
    description: 'Days in TIME_ZONE; the last 30 days by default.',
  })
  @ApiOkResponse({ type: InsightsSummaryResponse })
  async summary(@Query() query: InsightsRangeDto): Promise<InsightsSummaryResponse> {
    const range = this.rangeOf(query);
    const previous = this.insights.previous(range);
    const [counts, live] = await Promise.all([
      this.insights.counts('total', { from: previous.from, to: range.to }),
      this.insights.live(),
    ]);
    const byDay = new Map(counts.map((count) => [count.day, count]));
    const daysOf = ({ from, to }: { from: string; to: string }) =>
      eachDay(from, to).map((day) => ({
        day,
        views: byDay.get(day)?.views ?? 0,
        visitors: byDay.get(day)?.visitors ?? 0,
      }));
    const total = (days: { views: number; visitors: number }[]) => ({
      views: days.reduce((sum, day) => sum + day.views, 0),
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    });
    const days = daysOf(range);
    const earlier = daysOf(previous);
    return {
      ...range,
      timeZone: this.insights.timeZone(),
      ...total(days),
      days,
      previous: { ...previous, ...total(earlier), days: earlier },
      live,
    };
  }

  @Get('pages')
  @RangeRoute()
  @ApiOperation({ summary: `The pages most viewed over a range of days (${TOP} at most)` })
  @ApiOkResponse({ type: [InsightsPageCount] })
  async pages(@Query() query: InsightsRangeDto): Promise<InsightsPageCount[]> {
    const counts = await this.countsOf('page', query);
    return mostFirst([...byKey(counts)].map(([path, views]) => ({ path, views })));
  }

  @Get('products')
  @RangeRoute()
  @ApiOperation({
    summary: `The products most viewed, with their enquiries (${TOP} at most)`,
    description: 'Enquiries are the enquiry and call-back forms sent from the product page.',
  })
  @ApiOkResponse({ type: [InsightsProductCount] })
  async products(@Query() query: InsightsRangeDto): Promise<InsightsProductCount[]> {
    const counts = await this.countsOf('product', query);
    const views = byKey(counts);
    const visitors = byKey(counts, 'visitors');
    const enquiries = byKey(counts, 'enquiries');
    const top = mostFirst(
      [...views].map(([slug, viewed]) => {
        const sent = enquiries.get(slug) ?? 0;
        return {
          slug,
          name: null as string | null,
          id: null as string | null,
          views: viewed,
          visitors: visitors.get(slug) ?? 0,
          enquiries: sent,
          conversion: viewed ? sent / viewed : 0,
        };
      }),
    );
    const names = await this.names.of(top.map((row) => row.slug));
    for (const row of top) Object.assign(row, names.get(row.slug));
    return top;
  }

  @Get('products/:slug')
  @RangeRoute()
  @ApiOperation({
    summary: "One product's views, visitors and enquiries, per day and in all",
    description:
      'Days in TIME_ZONE; the last 30 days by default. A product never viewed answers zeros.',
  })
  @ApiOkResponse({ type: InsightsProductNumbers })
  async product(
    @Param() { slug }: InsightsProductParams,
    @Query() query: InsightsRangeDto,
  ): Promise<InsightsProductNumbers> {
    const range = this.rangeOf(query);
    const counts = await this.insights.counts('product', range, slug);
    const byDay = new Map(counts.map((count) => [count.day, count]));
    const days = eachDay(range.from, range.to).map((day) => ({
      day,
      views: byDay.get(day)?.views ?? 0,
      visitors: byDay.get(day)?.visitors ?? 0,
      enquiries: byDay.get(day)?.enquiries ?? 0,
    }));
    const sum = (field: 'views' | 'visitors' | 'enquiries') =>
      days.reduce((total, day) => total + day[field], 0);
    const views = sum('views');
    const enquiries = sum('enquiries');
    const named = (await this.names.of([slug])).get(slug);
    return {
      slug,
      name: named?.name ?? null,
      id: named?.id ?? null,
      ...range,
      views,
      // Each day's unique visitors, added up, as the summary counts them.
      visitors: sum('visitors'),
      enquiries,
      conversion: views ? enquiries / views : 0,
      days,
    };
  }

  @Get('referrers')
  @RangeRoute()
  @ApiOperation({
    summary: 'Where visitors came from: search, social, WhatsApp, direct or other sites',
    description: 'Views that came from another page of the site are not counted here.',
  })
  @ApiOkResponse({ type: InsightsReferrersResponse })
  async referrers(@Query() query: InsightsRangeDto): Promise<InsightsReferrersResponse> {
    const hosts = [...byKey(await this.countsOf('referrer', query))].map(([host, views]) => ({
      host,
      group: referrerGroup(host),
      views,
    }));
    const groups = REFERRER_GROUPS.map((group) => ({
      group,
      views: hosts.filter((host) => host.group === group).reduce((sum, h) => sum + h.views, 0),
    }));
    return { groups: groups.sort((a, b) => b.views - a.views), hosts: mostFirst(hosts) };
  }

  @Get('actions')
  @RangeRoute()
  @ApiOperation({ summary: 'WhatsApp chats, calls, e-mails and forms sent, over a range of days' })
  @ApiOkResponse({ type: [InsightsActionCount] })
  async actions(@Query() query: InsightsRangeDto): Promise<InsightsActionCount[]> {
    const sums = byKey(await this.countsOf('action', query));
    return INSIGHTS_ACTIONS.map((action) => ({ action, count: sums.get(action) ?? 0 }));
  }

  @Get('devices')
  @RangeRoute()
  @ApiOperation({ summary: 'Views from phones, tablets and desktops, over a range of days' })
  @ApiOkResponse({ type: [InsightsDeviceCount] })
  async devices(@Query() query: InsightsRangeDto): Promise<InsightsDeviceCount[]> {
    const sums = byKey(await this.countsOf('device', query));
    return DEVICE_CLASSES.map((device) => ({ device, views: sums.get(device) ?? 0 }));
  }

  @Get('export.csv')
  @RangeRoute()
  @ApiOperation({
    summary: 'Download the statistics of a range of days as CSV',
    description:
      'A row per day, dimension (total, page, product, referrer, device, action) and key. ' +
      'For an action, views is the number of times it was taken.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string', example: 'Day,Dimension,Key,Views,…' } })
  async exportCsv(@Query() query: InsightsRangeDto, @Res() response: Response): Promise<void> {
    const range = this.rangeOf(query);
    const counts = await this.insights.everyCount(range);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="insights-${range.from}-${range.to}.csv"`,
    );
    response.setHeader('Cache-Control', 'no-store');
    const lines = [
      csvRow(['Day', 'Dimension', 'Key', 'Views', 'Visitors', 'Enquiries']),
      ...counts.map((count) =>
        csvRow([
          count.day,
          count.dim,
          count.key,
          count.views ?? 0,
          count.dim === 'total' || count.dim === 'product' ? (count.visitors ?? 0) : '',
          count.dim === 'product' ? (count.enquiries ?? 0) : '',
        ]),
      ),
    ];
    response.end(CSV_BOM + lines.join(''));
  }

  @Delete()
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete every statistic, for good' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  async deleteAll(): Promise<void> {
    await this.insights.deleteAll();
  }

  private rangeOf(query: InsightsRangeDto) {
    return this.insights.range(query.from, query.to, query.days);
  }

  private countsOf(dim: Dimension, query: InsightsRangeDto) {
    return this.insights.counts(dim, this.rangeOf(query));
  }
}
