import {
  BadRequestException,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection } from '@nestjs/mongoose';
import type { InsightsAction } from '@vitrine/contracts';
import { LRUCache } from 'lru-cache';
import type { Connection, mongo } from 'mongoose';
import crypto from 'node:crypto';
import { Clock } from '../common/clock/clock';
import type { AppConfig } from '../config/app.config';
import type { InsightsConfig } from '../config/insights.config';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { deviceClass, pageKey, productOf, referrerKey } from './insights-classify';
import {
  INSIGHTS_DAILY_COLLECTION,
  INSIGHTS_SALTS_COLLECTION,
  INSIGHTS_VISITORS_COLLECTION,
} from './insights-collections';
import { addDays, dayIn, daysBetween, isDay, monthsBefore } from './insights-days';

/**
 * What a day's bucket counts by: everything (`total`, key `all`), the page, the product,
 * the referrer's host, the device class, the action. `views` is how many views (for an
 * action, how many times it was taken); `visitors` is kept on the total and the products.
 */
export type Dimension = 'total' | 'page' | 'product' | 'referrer' | 'device' | 'action';
export const TOTAL_KEY = 'all';

export interface DailyCount {
  day: string;
  dim: Dimension;
  key: string;
  views?: number;
  visitors?: number;
  enquiries?: number;
}

interface VisitorHash {
  day: string;
  hash: string;
  lastSeenAt: Date;
  /**
   * Set on a product's visitor: the hash is then of the visitor's hash and the product, so
   * that a product's unique visitors are counted as the site's are, and as unlinkable.
   */
  product?: string;
}

interface DaySalt {
  day: string;
  salt: string;
}

/** A view to count: where, and who (address and user agent, only ever hashed). */
export interface CountedView {
  path: string;
  /** Where the visitor came from ('' or undefined: nowhere); null: a move within the site. */
  referrer?: string | null;
  address: string;
  userAgent: string;
  at?: Date;
}

export interface CountedAction {
  action: InsightsAction;
  product?: string;
  at?: Date;
}

export interface DayRange {
  from: string;
  to: string;
}

/** The most days a range may span (two years, a leap day included). */
export const MAX_RANGE_DAYS = 731;
const DEFAULT_RANGE_DAYS = 30;
const LIVE_MS = 5 * 60_000;
/** A view's own time is believed this far from the server's (the shells batch theirs). */
const CLOCK_SKEW_MS = 10 * 60_000;
/** Past this many buckets waiting, a window is written at once rather than at its time. */
const WINDOW_MAX_KEYS = 20_000;
/**
 * A visitor this instance has written today is written again only once its last sighting is
 * this much newer (for the live count): not in every window it is seen in.
 */
const SEEN_REFRESH_MS = 60_000;
/** Visitors of today this instance remembers having written (about 100 bytes each). */
const WRITTEN_VISITORS_MAX = 100_000;

/** What one flush window has gathered, before it is written. */
class Window {
  readonly counts = new Map<string, DailyCount>();
  readonly visitors = new Map<string, VisitorHash>();

  add(day: string, dim: Dimension, key: string, field: 'views' | 'visitors' | 'enquiries', n = 1) {
    const id = `${day}\u0000${dim}\u0000${key}`;
    let count = this.counts.get(id);
    if (!count) this.counts.set(id, (count = { day, dim, key }));
    count[field] = (count[field] ?? 0) + n;
  }

  seen(visitor: VisitorHash) {
    const id = `${visitor.day}\u0000${visitor.hash}`;
    const known = this.visitors.get(id);
    if (!known || known.lastSeenAt < visitor.lastSeenAt) this.visitors.set(id, visitor);
  }

  get empty() {
    return this.counts.size === 0 && this.visitors.size === 0;
  }
}

/**
 * The site's visit insights (issue 35): counted in memory per instance, written every
 * INSIGHTS_FLUSH_MS as `$inc` upserts of per-day buckets, so that a burst of views is a
 * couple of bulk writes, and instances add up without knowing of each other. No view is
 * kept, and nothing stored holds an address or a user agent: a unique visitor is a hash of
 * the day's salt, the address, the user agent and the site, and the salt and the hashes are
 * deleted once their day is over, after which the hashes cannot be told apart from noise.
 */
@Injectable()
export class InsightsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Insights');
  private window = new Window();
  private flushing: Promise<void> | null = null;
  private timer?: NodeJS.Timeout;
  private readonly salts = new Map<string, Promise<string>>();
  private indexed?: Promise<unknown>;
  private lastError?: string;
  /**
   * `day\0hash` → the lastSeenAt written, of the visitors this instance has written. One it
   * knows is not new (whatever other instances do), so its next sightings within a minute
   * cost no statement: at a steady stream of returning visitors, the visitors' bulk write
   * holds the new ones and those a minute older, not everyone seen in the window.
   */
  private readonly writtenVisitors = new LRUCache<string, number>({ max: WRITTEN_VISITORS_MAX });

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: ConfigService,
    private readonly clock: Clock,
  ) {}

  private get app(): AppConfig {
    return this.config.getOrThrow<AppConfig>('app');
  }

  private get settings(): InsightsConfig {
    return this.config.getOrThrow<InsightsConfig>('insights');
  }

  onModuleInit() {
    this.timer = setInterval(() => void this.flush(), this.settings.flushMs);
    this.timer.unref();
  }

  /** Before the database connection closes: what this instance counted is written. */
  async beforeApplicationShutdown() {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The site's time zone (TIME_ZONE), in which every day is counted. */
  timeZone(): string {
    return this.app.timeZone;
  }

  /** The site's day now, in TIME_ZONE. */
  today(): string {
    return dayIn(this.clock.now(), this.app.timeZone);
  }

  /** Counts a view (already found countable by uncountedReason). */
  countView(view: CountedView): Promise<void> {
    return this.countViews([view]);
  }

  /**
   * Counts views (a shell's report, already found countable): the salt of each of their
   * days is looked up once, then every view is counted without waiting.
   */
  async countViews(views: CountedView[]): Promise<void> {
    const { timeZone, siteUrl } = this.app;
    const dated = views.map((view) => {
      const at = this.believable(view.at);
      return { view, at, day: dayIn(at, timeZone) };
    });
    const salts = new Map<string, string>();
    for (const { day } of dated) {
      if (!salts.has(day)) salts.set(day, await this.saltOf(day));
    }
    const siteHost = new URL(siteUrl).hostname;
    for (const { view, at, day } of dated) {
      const hash = crypto
        .createHash('sha256')
        .update(`${salts.get(day)}\u0000${view.address}\u0000${view.userAgent}\u0000${siteUrl}`)
        .digest('base64url');
      const window = this.window;
      window.seen({ day, hash, lastSeenAt: at });
      const page = pageKey(view.path);
      window.add(day, 'total', TOTAL_KEY, 'views');
      window.add(day, 'page', page, 'views');
      const product = productOf(page);
      if (product) {
        window.add(day, 'product', product, 'views');
        const productHash = crypto
          .createHash('sha256')
          .update(`${hash}\u0000${product}`)
          .digest('base64url');
        window.seen({ day, hash: productHash, lastSeenAt: at, product });
      }
      const referrer = view.referrer === null ? null : referrerKey(view.referrer, siteHost);
      if (referrer) window.add(day, 'referrer', referrer, 'views');
      window.add(day, 'device', deviceClass(view.userAgent), 'views');
      this.flushIfFull();
    }
  }

  /** Counts an action; a form sent from a product's page is an enquiry about it. */
  countAction({ action, product, at }: CountedAction): void {
    const day = dayIn(this.believable(at), this.app.timeZone);
    this.window.add(day, 'action', action, 'views');
    if (product && (action === 'enquiry' || action === 'callback')) {
      this.window.add(day, 'product', product, 'enquiries');
    }
    this.flushIfFull();
  }

  /**
   * Writes what this window counted: the visitors' hashes first (the new ones, told by the
   * upserts, count into the day's total), then every bucket in one bulk write. On failure
   * (the database away) the counts wait for the next flush.
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.window.empty) return Promise.resolve();
    const window = this.window;
    this.window = new Window();
    this.flushing = this.write(window)
      .then(() => {
        this.lastError = undefined;
      })
      .catch((error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        if (text !== this.lastError) this.logger.warn(`Insights not written yet: ${text}`);
        this.lastError = text;
        this.putBack(window);
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private async write(window: Window): Promise<void> {
    await this.ensureIndexes();
    if (window.visitors.size) {
      const hashes = [...window.visitors.entries()]
        .filter(([id, visitor]) => {
          const written = this.writtenVisitors.get(id);
          return written === undefined || visitor.lastSeenAt.getTime() - written >= SEEN_REFRESH_MS;
        })
        .map(([, visitor]) => visitor);
      const written = hashes.length ? await this.upsertVisitors(hashes) : [];
      for (const index of written) {
        const { day, product } = hashes[index];
        if (product) window.add(day, 'product', product, 'visitors');
        else window.add(day, 'total', TOTAL_KEY, 'visitors');
      }
      for (const visitor of hashes) {
        this.writtenVisitors.set(
          `${visitor.day}\u0000${visitor.hash}`,
          visitor.lastSeenAt.getTime(),
        );
      }
      // Written: a retry must not count them again.
      window.visitors.clear();
    }
    if (!window.counts.size) return;
    await this.daily().bulkWrite(
      [...window.counts.values()].map(({ day, dim, key, ...counts }) => ({
        updateOne: {
          filter: { day, dim, key },
          update: { $inc: counts as Record<string, number> },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** Upserts the hashes; gives the indexes of those that were new. */
  private async upsertVisitors(hashes: VisitorHash[]): Promise<number[]> {
    const operations = hashes.map(({ day, hash, lastSeenAt, product }) => ({
      updateOne: {
        filter: { day, hash },
        update: { $max: { lastSeenAt }, ...(product ? { $setOnInsert: { product } } : {}) },
        upsert: true,
      },
    }));
    let result: mongo.BulkWriteResult;
    try {
      result = await this.visitors().bulkWrite(operations, { ordered: false });
    } catch (error) {
      // Two instances inserting one new hash at once: the one refused was not new.
      const bulk = error as { writeErrors?: { code?: number }[]; result?: mongo.BulkWriteResult };
      const errors = Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors];
      if (!bulk.result || errors.some((item) => item?.code !== 11000)) throw error;
      result = bulk.result;
    }
    return Object.keys(result.upsertedIds).map(Number);
  }

  private putBack(window: Window) {
    for (const count of window.counts.values()) {
      for (const field of ['views', 'visitors', 'enquiries'] as const) {
        if (count[field]) this.window.add(count.day, count.dim, count.key, field, count[field]);
      }
    }
    for (const visitor of window.visitors.values()) this.window.seen(visitor);
  }

  private flushIfFull() {
    if (this.window.counts.size + this.window.visitors.size >= WINDOW_MAX_KEYS) void this.flush();
  }

  /** A view's time as its sender tells it, unless it is far off the server's clock. */
  private believable(at: Date | undefined): Date {
    const now = this.clock.now();
    if (!at || Number.isNaN(at.getTime())) return now;
    return Math.abs(at.getTime() - now.getTime()) > CLOCK_SKEW_MS ? now : at;
  }

  /** The day's salt: made by whichever instance asks first, read by the others. */
  private saltOf(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.loadSalt(day);
      salt.catch(() => this.salts.delete(day));
      this.salts.set(day, salt);
      // Only today's (and, around midnight, yesterday's) are ever asked for.
      for (const known of this.salts.keys()) if (known < addDays(day, -1)) this.salts.delete(known);
    }
    return salt;
  }

  private async loadSalt(day: string): Promise<string> {
    await this.ensureIndexes();
    for (let attempt = 0; ; attempt++) {
      try {
        const found = await this.saltsCollection().findOneAndUpdate(
          { day },
          { $setOnInsert: { salt: crypto.randomBytes(32).toString('base64') } },
          { upsert: true, returnDocument: 'after' },
        );
        if (found) return found.salt;
      } catch (error) {
        // Another instance made it at the same moment: read theirs.
        if ((error as { code?: unknown }).code !== 11000 || attempt >= 2) throw error;
      }
    }
  }

  /**
   * Forgets past days' salts and visitor hashes (today's stay, for today's unique
   * visitors), and the aggregates older than INSIGHTS_RETENTION_MONTHS.
   */
  @PeriodicJob('insights-retention', { every: '1h', runAtStart: true })
  async forgetPast(): Promise<void> {
    const today = this.today();
    const oldest = monthsBefore(today, this.settings.retentionMonths);
    await Promise.all([
      this.saltsCollection().deleteMany({ day: { $lt: today } }),
      this.visitors().deleteMany({ day: { $lt: today } }),
      this.daily().deleteMany({ day: { $lt: oldest } }),
    ]);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    for (const id of this.writtenVisitors.keys()) {
      if (id.split('\u0000')[0] < today) this.writtenVisitors.delete(id);
    }
  }

  /** Deletes every statistic (the admin's "delete all statistics"), this window's too. */
  async deleteAll(): Promise<void> {
    this.window = new Window();
    await this.flushing;
    this.window = new Window();
    // Deleted: today's visitors are new again (on this instance; another one that wrote a
    // visitor before the deletion counts it again only tomorrow).
    this.writtenVisitors.clear();
    await Promise.all([this.daily().deleteMany({}), this.visitors().deleteMany({})]);
  }

  /**
   * The range asked for, checked: both days real, in order, at most two years; `days` (the
   * last so many up to `to`) instead of `from`; 30 days up to today by default.
   */
  range(from?: string, to?: string, days?: number): DayRange {
    const errors: Record<string, string> = {};
    if (from !== undefined && !isDay(from)) errors.from = 'from must be a day written YYYY-MM-DD';
    if (to !== undefined && !isDay(to)) errors.to = 'to must be a day written YYYY-MM-DD';
    if (from !== undefined && days !== undefined) errors.days = 'Give from or days, not both';
    const end = to && !errors.to ? to : this.today();
    const start = from && !errors.from ? from : addDays(end, -((days ?? DEFAULT_RANGE_DAYS) - 1));
    if (!errors.from && !errors.to) {
      if (start > end) errors.from = 'from must not be after to';
      else if (daysBetween(start, end) > MAX_RANGE_DAYS)
        errors.from = 'The range must be at most two years';
    }
    if (Object.keys(errors).length) {
      throw new BadRequestException({ message: Object.values(errors).join('; '), errors });
    }
    return { from: start, to: end };
  }

  /** The same number of days just before `range`. */
  previous({ from, to }: DayRange): DayRange {
    const length = daysBetween(from, to);
    return { from: addDays(from, -length), to: addDays(from, -1) };
  }

  /** The buckets of one dimension (of one key of it, if given) over a range. */
  async counts(dim: Dimension, { from, to }: DayRange, key?: string): Promise<DailyCount[]> {
    await this.ensureIndexes();
    return this.daily()
      .find(
        { dim, day: { $gte: from, $lte: to }, ...(key === undefined ? {} : { key }) },
        { projection: { _id: 0 } },
      )
      .sort({ day: 1, key: 1 })
      .toArray();
  }

  /** Every bucket of a range, for the CSV export. */
  async everyCount({ from, to }: DayRange): Promise<DailyCount[]> {
    await this.ensureIndexes();
    return this.daily()
      .find({ day: { $gte: from, $lte: to } }, { projection: { _id: 0 } })
      .sort({ day: 1, dim: 1, key: 1 })
      .toArray();
  }

  /** Visitors seen in the last five minutes (what has been written of them). */
  async live(): Promise<number> {
    await this.ensureIndexes();
    return this.visitors().countDocuments({
      lastSeenAt: { $gte: new Date(this.clock.now().getTime() - LIVE_MS) },
      // A product's visitors are the site's visitors again.
      product: { $exists: false },
    });
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexed ??= Promise.all([
      this.daily().createIndex({ day: 1, dim: 1, key: 1 }, { unique: true }),
      this.daily().createIndex({ dim: 1, day: 1 }),
      this.visitors().createIndex({ day: 1, hash: 1 }, { unique: true }),
      this.visitors().createIndex({ lastSeenAt: 1 }),
      this.saltsCollection().createIndex({ day: 1 }, { unique: true }),
    ]).catch((error: unknown) => {
      this.indexed = undefined;
      throw error;
    });
    return this.indexed;
  }

  private db() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db;
  }

  private daily() {
    return this.db().collection<DailyCount>(INSIGHTS_DAILY_COLLECTION);
  }

  private visitors() {
    return this.db().collection<VisitorHash>(INSIGHTS_VISITORS_COLLECTION);
  }

  private saltsCollection() {
    return this.db().collection<DaySalt>(INSIGHTS_SALTS_COLLECTION);
  }
}
