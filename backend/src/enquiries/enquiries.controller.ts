import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Logger,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSeeOtherResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { TOTAL_COUNT_HEADER } from '@vitrine/contracts';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditItemName } from '../audit/audit-action.decorator';
import { Public } from '../common/decorators/public.decorator';
import type { AppConfig } from '../config/app.config';
import { ListRoute, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { RateLimit, RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { CreateEnquiryDto } from './dto/create-enquiry.dto';
import {
  EnquiryDetailResponse,
  EnquiryReceipt,
  EnquiryResponse,
  EnquiryStatsResponse,
} from './dto/enquiry.response';
import { QueryEnquiriesDto } from './dto/query-enquiries.dto';
import { UpdateEnquiryDto } from './dto/update-enquiry.dto';
import { EnquiriesService, EXPORT_MAX_ROWS } from './enquiries.service';
import { EnquiryFormPostFilter, formPageAddress, isFormPost } from './form-post';
import { CSV_BOM, csvRow, localTime } from './enquiry-csv';
import { AdminRoute } from '../common/decorators/admin-route.decorator';
import { RequiresRight } from '../common/decorators/requires-right.decorator';

const CSV_COLUMNS = [
  ['Received', 'createdAt'],
  ['Status', 'status'],
  ['Form', 'source'],
  ['First name', 'FirstName'],
  ['Last name', 'LastName'],
  ['Email', 'Email'],
  ['Phone', 'PhoneNumber'],
  ['Message', 'Message'],
  ['Note', 'note'],
] as const;

/**
 * The cells of one row: the columns above, trimmed phone numbers (some stored before input
 * was trimmed), then the project the enquiry was sent about, at the end so that a sheet
 * reading the columns by position still finds them where they were, and after it the
 * language the visitor wrote from (its code).
 */
function csvCells(enquiry: Record<string, unknown>, cell: (value: unknown) => unknown): unknown[] {
  const about = enquiry.about as { kind?: string; name?: string } | null | undefined;
  return [
    ...CSV_COLUMNS.map(([, field]) => {
      const value = enquiry[field];
      return field === 'PhoneNumber' && typeof value === 'string' ? value.trim() : cell(value);
    }),
    about?.kind === 'product' ? about.name : '',
    // Last, as the project is: enquiries kept from before languages were English ones.
    typeof enquiry.locale === 'string' ? enquiry.locale : 'en',
  ];
}

/** An enquiry is named by who sent it, in the audit log. */
const senderName = ({ FirstName, LastName }: Record<string, unknown>) =>
  [FirstName, LastName]
    .filter((part) => typeof part === 'string')
    .join(' ')
    .trim();

@ApiTags('enquiries')
@AuditItemName(senderName)
@Controller('enquiries')
export class EnquiriesController {
  private readonly logger = new Logger('Enquiries');

  constructor(
    private readonly enquiries: EnquiriesService,
    private readonly config: ConfigService,
  ) {}

  @Public()
  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('enquiry')
  @ApiOperation({
    summary: 'Send an enquiry from the contact page or the call-back form',
    description:
      'Stored before the answer; the business is notified by mail afterwards. Limited per ' +
      'address (ENQUIRY_RATE_LIMIT a minute).',
  })
  @ApiCreatedResponse({ type: EnquiryReceipt, description: 'Received and stored' })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiTooManyRequestsResponse({
    description: 'Too many enquiries from this address; see Retry-After',
  })
  @ApiSeeOtherResponse({
    description:
      "A browser's own form post (urlencoded, asking for HTML: the page's script had not run) " +
      'is sent back to its page with `?sent={source}`, or `?notsent={source}&status={code}`',
  })
  @UseFilters(EnquiryFormPostFilter)
  async create(
    @Body() dto: CreateEnquiryDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const enquiry = await this.enquiries.create(dto);
    if (isFormPost(request)) {
      response.redirect(303, formPageAddress(request, { sent: 'true' }));
      return;
    }
    // A spam enquiry gets the very same answer, so a bot learns nothing from it.
    const receipt: EnquiryReceipt = {
      _id: enquiry.id,
      status: 'new',
      createdAt: enquiry.createdAt.toISOString(),
    };
    response.status(201).json(receipt);
  }

  @AdminRoute()
  @RequiresRight('enquiry', 'read')
  @ApiOperation({ summary: 'List enquiries, newest first; spam only with ?status=spam' })
  @ListRoute(EnquiryResponse, 'Total in X-Total-Count')
  @ApiBadRequestResponse({ description: 'An invalid filter, sort or page' })
  async list(@Query() query: QueryEnquiriesDto, @Paginate() paginate: Paginate) {
    return paginate(await this.enquiries.list(query), query);
  }

  // Declared before `:id`, which would otherwise take these paths.
  @Get('stats')
  @AdminRoute()
  @RequiresRight('enquiry', 'read')
  @ApiOperation({ summary: 'How many enquiries are new (the admin menu badge)' })
  @ApiOkResponse({ type: EnquiryStatsResponse })
  async stats(): Promise<EnquiryStatsResponse> {
    return { new: await this.enquiries.countNew() };
  }

  @Get('export.csv')
  @AdminRoute()
  @RequiresRight('enquiry', 'read')
  @ApiOperation({
    summary: 'Download the listed enquiries as CSV',
    description: `The list's filters and sort, without paging, up to ${EXPORT_MAX_ROWS} rows (X-Total-Count gives the full count). Cells that a spreadsheet would run as formulas start with a single quote.`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string', example: 'Received,Status,…' } })
  @ApiBadRequestResponse({ description: 'An invalid filter or sort' })
  async exportCsv(@Query() query: QueryEnquiriesDto, @Res() response: Response) {
    const { total, rows } = await this.enquiries.exportRows(query);
    const day = new Date().toISOString().slice(0, 10);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader(TOTAL_COUNT_HEADER, String(total));

    // Times as the studio's clocks showed them, the zone named in the header.
    const { timeZone } = this.config.getOrThrow<AppConfig>('app');
    const cell = (value: unknown) => (value instanceof Date ? localTime(value, timeZone) : value);
    async function* lines() {
      yield (
        CSV_BOM +
        csvRow([
          ...CSV_COLUMNS.map(([title]) =>
            title === 'Received' ? `Received (${timeZone})` : title,
          ),
          'Project',
          'Language',
        ])
      );
      for await (const enquiry of rows) {
        yield csvRow(csvCells(enquiry as unknown as Record<string, unknown>, cell));
      }
    }
    try {
      // Streamed with back-pressure; a client that goes away closes the cursor.
      await pipeline(Readable.from(lines()), response);
    } catch (error) {
      await rows.close().catch(() => undefined);
      if (!response.headersSent) throw error;
      // Mid-download the status is gone: cutting the response is the only honest signal.
      response.destroy();
      const code = (error as { code?: string }).code;
      if (code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        this.logger.error(
          `CSV export broke off: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }

  @Get(':id')
  @AdminRoute()
  @RequiresRight('enquiry', 'read')
  @ApiOperation({ summary: 'One enquiry, with the state of its notification mail' })
  @ApiOkResponse({ type: EnquiryDetailResponse })
  @ApiNotFoundResponse({ description: 'No such enquiry' })
  findOne(@Param('id', ParseObjectIdPipe) id: string) {
    return this.enquiries.detail(id);
  }

  @Patch(':id')
  @AdminRoute()
  @ApiOperation({ summary: "Change an enquiry's status or internal note" })
  @ApiOkResponse({ type: EnquiryDetailResponse })
  @ApiBadRequestResponse({ description: '`errors` names each invalid field' })
  @ApiNotFoundResponse({ description: 'No such enquiry' })
  update(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: UpdateEnquiryDto) {
    return this.enquiries.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminRoute()
  @ApiOperation({ summary: 'Delete an enquiry and its queued notification' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such enquiry' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.enquiries.remove(id);
  }
}
