import { languageName, SiteLanguages } from '../common/i18n/site-languages';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model, type QueryFilter } from 'mongoose';
import { noteChangedFields, noteItemName } from '../audit/audit-note';
import { listQuery, readPage, type Page } from '../common/http/list-query';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { DomainEventsService } from '../webhooks/domain-events.service';
import { ProductsService } from '../products/products.service';
import { ServicesService } from '../services/services.service';
import { enquirySource, type CreateEnquiryDto } from './dto/create-enquiry.dto';
import type { EnquiryMailState } from './dto/enquiry.response';
import type { QueryEnquiriesDto } from './dto/query-enquiries.dto';
import type { UpdateEnquiryDto } from './dto/update-enquiry.dto';
import { enquiryNotification } from './enquiry-mail';
import { OutboxService } from './outbox.service';
import { Enquiry, type EnquiryDocument, type EnquirySubject } from './schemas/enquiry.schema';
import type { OutboxMessage } from './schemas/outbox-message.schema';

/** An enquiry as administrators see it: with the state of its notification mail. */
export type EnquiryDetail = ReturnType<EnquiryDocument['toJSON']> & {
  mail: EnquiryMailState | null;
};

/** The most rows one export carries. */
export const EXPORT_MAX_ROWS = 10_000;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A honeypot counts as filled when it holds anything but blanks. */
function honeypotFilled(honeypot: string | undefined): boolean {
  return honeypot !== undefined && honeypot.trim() !== '';
}

/** Both forms' fields as stored: Name becomes FirstName + LastName, Contact PhoneNumber. */
function normalise(dto: CreateEnquiryDto) {
  let FirstName = dto.FirstName ?? '';
  let LastName = dto.LastName ?? '';
  if (dto.Name) {
    const [first, ...rest] = dto.Name.split(/\s+/);
    FirstName = first;
    LastName = rest.join(' ');
  }
  return {
    source: enquirySource(dto),
    FirstName,
    LastName,
    PhoneNumber: dto.Contact || dto.PhoneNumber || '',
    Email: dto.Email ?? '',
    Message: dto.Message ?? '',
  };
}

/**
 * `from`/`to` as a createdAt range. A bare date means the whole day in UTC (so `to` is
 * inclusive); a date and time means that instant.
 */
function createdRange(from?: string, to?: string): Record<string, Date> | null {
  if (!from && !to) return null;
  const range: Record<string, Date> = {};
  if (from) range.$gte = new Date(DAY_ONLY.test(from) ? `${from}T00:00:00.000Z` : from);
  if (to) {
    if (DAY_ONLY.test(to)) range.$lt = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
    else range.$lte = new Date(to);
  }
  const end = range.$lt ?? range.$lte;
  if (range.$gte && end && range.$gte.getTime() > end.getTime()) {
    throw new BadRequestException({
      message: 'to must not be before from',
      errors: { to: 'Must be on or after from' },
    });
  }
  return range;
}

@Injectable()
export class EnquiriesService {
  private readonly logger = new Logger('Enquiries');

  constructor(
    @InjectModel(Enquiry.name) private readonly enquiries: Model<Enquiry>,
    private readonly outbox: OutboxService,
    private readonly products: ProductsService,
    private readonly services: ServicesService,
    private readonly events: DomainEventsService,
    private readonly languages: SiteLanguages,
  ) {}

  /**
   * Stores the enquiry first, then queues its notification: once this returns, the enquiry
   * is safe whatever the mail server does. A bot (the honeypot filled) is stored as spam
   * and never mailed.
   */
  async create(dto: CreateEnquiryDto): Promise<EnquiryDocument> {
    const spam = honeypotFilled(dto.website);
    const locale = await this.localeOf(dto.locale);
    const enquiry = await this.enquiries.create({
      ...normalise(dto),
      locale,
      about: await this.subjectOf(dto),
      status: spam ? 'spam' : 'new',
    });
    if (!spam) {
      await this.events.emit('enquiry.received', enquiryEventData(enquiry));
      try {
        await this.queueNotification(enquiry);
      } catch (error) {
        // The enquiry is stored and listed; the sweeper queues its mail later.
        this.logger.error(
          `Enquiry ${enquiry.id} is stored but its notification could not be queued yet: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
    }
    return enquiry;
  }

  /** The language an enquiry was written in: one of the site's (400 naming `locale`), else the default. */
  private async localeOf(locale: string | undefined): Promise<string> {
    const languages = await this.languages.languages();
    if (!locale) return languages[0];
    if (languages.includes(locale)) return locale;
    const message = `${languageName(locale)} is not one of the site's languages`;
    throw new BadRequestException({ message, errors: { locale: message } });
  }

  /**
   * The product or service named by the enquiry, as visitors see it now. One that is gone
   * or unpublished is left out rather than refused: the visitor's message matters more than
   * the link, and it usually names the item anyway.
   */
  private async subjectOf(dto: CreateEnquiryDto): Promise<EnquirySubject | null> {
    const kind = dto.productId ? 'product' : dto.serviceId ? 'service' : null;
    const id = dto.productId || dto.serviceId;
    if (!kind || !id) return null;
    const content = kind === 'product' ? this.products : this.services;
    const summary = await content.publicSummary(id);
    if (!summary) return null;
    return { kind, id: new mongoose.Types.ObjectId(id), ...summary };
  }

  private async queueNotification(enquiry: EnquiryDocument): Promise<void> {
    await this.outbox.enqueue(enquiry._id, enquiryNotification(enquiry));
    await this.enquiries
      .updateOne({ _id: enquiry._id }, { mailQueued: true }, { timestamps: false })
      .exec();
  }

  /**
   * Queues the notifications that never made it to the outbox: the outbox write failed, or
   * the process died between storing the enquiry and queuing its mail (or an admin moved
   * one out of spam). Queuing is idempotent, so a sweep after a partial success sends one mail.
   */
  @PeriodicJob('enquiry-notification-sweep', { every: '1m', runAtStart: true })
  async sweepUnqueued(olderThanMs = 30_000): Promise<number> {
    const stale = await this.enquiries
      .find({
        status: mongoose.trusted({ $ne: 'spam' }),
        mailQueued: mongoose.trusted({ $ne: true }),
        createdAt: mongoose.trusted({ $lt: new Date(Date.now() - olderThanMs) }),
      })
      .limit(100)
      .exec();
    for (const enquiry of stale) await this.queueNotification(enquiry);
    if (stale.length)
      this.logger.warn(`Queued ${stale.length} enquiry notification(s) that had been missed`);
    return stale.length;
  }

  async list(query: QueryEnquiriesDto): Promise<Page<EnquiryDocument>> {
    const { filter, sort, skip, limit } = this.listQuery(query);
    return readPage(
      { skip, limit },
      (window) => this.enquiries.find(filter).sort(sort).skip(skip).limit(window).exec(),
      () => this.enquiries.countDocuments(filter).exec(),
    );
  }

  /** Everything the list would show, without paging, up to EXPORT_MAX_ROWS. */
  async exportRows(query: QueryEnquiriesDto) {
    const { filter, sort } = this.listQuery(query);
    const total = await this.enquiries.countDocuments(filter).exec();
    const rows = this.enquiries
      .find(filter)
      .sort(sort)
      .limit(EXPORT_MAX_ROWS)
      .lean<Enquiry & { _id: mongoose.Types.ObjectId }>()
      .cursor({ batchSize: 500 });
    return { total, rows };
  }

  async findById(id: string): Promise<EnquiryDocument> {
    const enquiry = await this.enquiries.findById(id).exec();
    if (!enquiry) throw new NotFoundException('Enquiry not found');
    return enquiry;
  }

  /** The enquiry with the state of its notification mail. */
  async detail(id: string): Promise<EnquiryDetail> {
    return this.withMail(await this.findById(id));
  }

  async update(id: string, dto: UpdateEnquiryDto): Promise<EnquiryDetail> {
    const enquiry = await this.findById(id);
    if (dto.status !== undefined) enquiry.status = dto.status;
    if (dto.note !== undefined) enquiry.note = dto.note;
    noteChangedFields(enquiry.modifiedPaths());
    await enquiry.save();
    return this.withMail(enquiry);
  }

  async remove(id: string): Promise<void> {
    const enquiry = await this.findById(id);
    noteItemName(`${enquiry.FirstName} ${enquiry.LastName}`.trim());
    await enquiry.deleteOne();
    // A notification still waiting is about an enquiry that no longer exists.
    await this.outbox.removeFor(enquiry._id);
  }

  countNew(): Promise<number> {
    return this.enquiries.countDocuments({ status: 'new' }).exec();
  }

  private listQuery(query: QueryEnquiriesDto) {
    const window = listQuery<Enquiry>(query, {
      sortable: ['createdAt', 'status', 'FirstName', 'LastName', 'Email'],
      searchable: ['FirstName', 'LastName', 'Email', 'PhoneNumber', 'Message'],
      defaultSort: '-createdAt',
    });
    const filter = window.filter as Record<string, unknown>;
    filter.status = query.status ?? mongoose.trusted({ $ne: 'spam' });
    if (query.source) filter.source = query.source;
    const range = createdRange(query.from, query.to);
    if (range) filter.createdAt = mongoose.trusted(range);
    return { ...window, filter: filter as QueryFilter<Enquiry> };
  }

  private async withMail(enquiry: EnquiryDocument): Promise<EnquiryDetail> {
    const message = await this.outbox.latestFor(enquiry._id);
    return {
      ...enquiry.toJSON(),
      mail: message ? mailState(message, this.outbox.configured) : null,
    };
  }
}

function mailState(message: OutboxMessage, configured: boolean): EnquiryMailState {
  return {
    configured,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    sentAt: message.sentAt?.toISOString() ?? null,
    nextAttemptAt: message.status === 'pending' ? message.nextAttemptAt.toISOString() : null,
  };
}

/**
 * What webhooks say of an enquiry: that one came, by which form, and about which item; no
 * name, e-mail, telephone or message. An integration that needs those reads the enquiry
 * through the API, signed in, as the administrators' screens do.
 */
function enquiryEventData(enquiry: EnquiryDocument): Record<string, unknown> {
  const about = enquiry.about;
  return {
    id: String(enquiry._id),
    source: enquiry.source,
    about: about ? { kind: about.kind, id: String(about.id), slug: about.slug ?? null } : null,
  };
}
