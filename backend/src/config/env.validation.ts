import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { parseTrustProxy } from './trust-proxy';

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined
    ? undefined
    : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());

/** Messages for WholeNumber's rules, where class-validator's own would not do. */
interface WholeNumberMessages {
  int?: string;
  min?: string;
  max?: string;
}

/**
 * A whole number read from the environment's text, at least `min` (and at most `max`). The
 * rules are applied in the order stacked decorators are (the last written first), so a bad
 * value's messages come in the order they always did.
 */
function WholeNumber(
  { min, max }: { min: number; max?: number },
  messages: WholeNumberMessages = {},
) {
  const options = (message?: string) => (message ? { message } : undefined);
  return applyDecorators(
    ...(max === undefined ? [] : [Max(max, options(messages.max))]),
    Min(min, options(messages.min)),
    IsInt(options(messages.int)),
    Transform(({ value }) => Number(value)),
  );
}

const DAY_MS = 86_400_000;

/** A duration in milliseconds; the messages name the variable (class-validator's `$property`). */
function Milliseconds({ min, max }: { min: number; max?: number }) {
  return WholeNumber(
    { min, max },
    {
      int: '$property must be a whole number of milliseconds',
      min: '$property must be at least $constraint1',
      max: `$property must be at most $constraint1${max === DAY_MS ? ' (a day)' : ''}`,
    },
  );
}

/**
 * Every environment variable the API reads, checked at start so that a bad value stops the
 * process with a message naming it, instead of failing later in a request.
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @WholeNumber({ min: 0, max: 65535 })
  PORT = 3000;

  @IsOptional()
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI',
  })
  MONGODB_URI?: string;

  @IsString()
  DATA_DIR = './data';

  @ValidateIf(
    (env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined,
  )
  @IsString({ message: 'JWT_SECRET is required in production' })
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Matches(/^\d+[smhd]?$/, { message: 'JWT_EXPIRES_IN must look like 8h, 30m or 3600' })
  JWT_EXPIRES_IN = '8h';

  /** How long a sign-in can be kept alive by renewing its token before a password is asked. */
  @WholeNumber({ min: 1 })
  SESSION_MAX_HOURS = 168;

  @IsString()
  @Matches(/^[A-Za-z0-9._-]{3,40}$/, {
    message: 'ADMIN_USERNAME must be 3-40 letters, digits, dots, dashes or underscores',
  })
  ADMIN_USERNAME = 'admin';

  @IsOptional()
  @IsString()
  @MinLength(10, { message: 'ADMIN_PASSWORD must be at least 10 characters' })
  ADMIN_PASSWORD?: string;

  /**
   * The cost of the argon2id password hash: `standard` (64 MiB, 3 passes). `low` (1 MiB, one
   * pass) is for tests only, where every sign-in would otherwise take most of a second of a
   * core: refused unless NODE_ENV is test.
   */
  @IsIn(['standard', 'low'], { message: 'PASSWORD_HASH_COST must be standard or low' })
  PASSWORD_HASH_COST = 'standard';

  @IsString()
  CORS_ORIGINS = 'http://localhost:4200';

  /** The shells' secret for their deployment reports (see deployments.controller.ts). */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SHELL_TOKEN must be at least 32 characters' })
  SHELL_TOKEN?: string;

  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, {
    message: 'SITE_URL must be an http(s) URL such as https://vitrine.example',
  })
  SITE_URL = 'http://localhost:4200';

  @WholeNumber({ min: 1, max: 100 })
  UPLOAD_MAX_MB = 10;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsEmail({}, { message: 'ENQUIRY_NOTIFY_TO must be an e-mail address' })
  ENQUIRY_NOTIFY_TO?: string;

  @IsString()
  MAIL_FROM = 'Vitrine <no-reply@vitrine.local>';

  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = true;

  /** The site's time zone (IANA), for times written out for people, as in the CSV export. */
  @ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'TIME_ZONE must be an IANA time zone such as Asia/Kolkata',
    },
  })
  TIME_ZONE = 'Asia/Kolkata';

  /** See parseTrustProxy: a number of proxies, or their addresses. */
  @IsOptional()
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && !(parseTrustProxy(value) instanceof Error),
      defaultMessage: (args) =>
        (parseTrustProxy(String(args?.value)) as Error).message ?? 'TRUST_PROXY is not valid',
    },
  })
  TRUST_PROXY?: string;

  @WholeNumber({ min: 1 })
  LOGIN_RATE_LIMIT = 10;

  @WholeNumber({ min: 1 })
  ENQUIRY_RATE_LIMIT = 5;

  /** Requests one API token may make a minute, unless the token was given its own limit. */
  @WholeNumber({ min: 1 })
  API_TOKEN_RATE_LIMIT = 120;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @WholeNumber({ min: 1 })
  SERVER_MAX_CONNECTIONS = 500;

  @WholeNumber({ min: 100 })
  SERVER_HEADERS_TIMEOUT_MS = 20_000;

  @WholeNumber({ min: 100 })
  SERVER_REQUEST_TIMEOUT_MS = 120_000;

  @WholeNumber({ min: 100 })
  SERVER_KEEP_ALIVE_TIMEOUT_MS = 65_000;

  /** Deleted items stay restorable this many days; then they and their images go for good. */
  @WholeNumber({ min: 1 }, { min: 'TRASH_DAYS must be at least 1' })
  TRASH_DAYS = 30;

  /** Daily backups kept in $DATA_DIR/backups, newest first; 0 turns the daily backup off. */
  @WholeNumber({ min: 0 }, { min: 'BACKUP_KEEP must be 0 (no daily backup) or more' })
  BACKUP_KEEP = 7;

  /**
   * The most an archive may unpack to for `npm run restore` (a site's documents and media,
   * with the tar's framing): past it, the restore stops reading and refuses the archive.
   */
  @WholeNumber(
    { min: 1 },
    {
      min: 'RESTORE_MAX_MB must be a whole number of megabytes, at least 1',
    },
  )
  RESTORE_MAX_MB = 10_240;

  /** How often each instance checks the content version: a write elsewhere shows within it. */
  @WholeNumber(
    { min: 50, max: 1000 },
    {
      max: 'CONTENT_VERSION_POLL_MS must be at most 1000 (a write shows within 1 s)',
    },
  )
  CONTENT_VERSION_POLL_MS = 250;

  /** Where uploads live: this instance's disk, or GridFS for several instances. */
  @IsIn(['disk', 'gridfs'], { message: 'MEDIA_STORAGE must be disk or gridfs' })
  MEDIA_STORAGE = 'disk';

  /** With GridFS: the most this instance keeps on its own disk to serve uploads from. */
  @WholeNumber({ min: 1 })
  MEDIA_CACHE_MAX_MB = 256;

  /** With GridFS: the most of those copies (image variants) also kept in memory; 0: none. */
  @WholeNumber({ min: 0 })
  MEDIA_CACHE_MEMORY_MB = 32;

  /** With GridFS: how long a kept copy is served before the storage is asked if it still exists. */
  @WholeNumber({ min: 100 })
  MEDIA_CACHE_RECHECK_MS = 60_000;

  /** The enquiry outbox's pause between two looks for due mail. */
  @Milliseconds({ min: 10, max: DAY_MS })
  OUTBOX_POLL_MS = 5_000;

  /** The outbox's first retry delay; each further failure doubles it, up to an hour. */
  @Milliseconds({ min: 10, max: DAY_MS })
  OUTBOX_BACKOFF_MS = 30_000;

  /**
   * In production, also lets webhooks reach loopback addresses (http:// included): for a
   * receiver on the same machine, and the browser tests. Other private ranges stay refused.
   */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'WEBHOOK_ALLOW_LOOPBACK must be true or false' })
  WEBHOOK_ALLOW_LOOPBACK?: boolean;

  /** The webhook worker's pause between two looks for due deliveries. */
  @Milliseconds({ min: 10, max: DAY_MS })
  WEBHOOK_POLL_MS = 2_000;

  /** A webhook delivery's first retry delay; each further failure doubles it, up to an hour. */
  @Milliseconds({ min: 10, max: DAY_MS })
  WEBHOOK_BACKOFF_MS = 30_000;

  /**
   * How long a receiver has to answer one delivery; a delivery claimed by an instance that
   * died goes out again three times this later. Shorter only in tests that wait that out.
   */
  @WholeNumber(
    { min: 100, max: 600_000 },
    {
      int: 'WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds',
      min: 'WEBHOOK_TIMEOUT_MS must be at least 100',
      max: 'WEBHOOK_TIMEOUT_MS must be at most 600000 (ten minutes)',
    },
  )
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** How long after its event a delivery is retried before it is marked failed. */
  @Milliseconds({ min: 1000 })
  WEBHOOK_GIVE_UP_MS = 86_400_000;

  /** The longest a kept public answer is served, even if no write is ever seen. */
  @WholeNumber({ min: 1000 })
  PUBLIC_CACHE_TTL_MS = 60_000;

  /** The most memory the public answers kept take together (their bodies), in MB. */
  @WholeNumber({ min: 1 })
  PUBLIC_CACHE_MAX_MB = 32;

  /** How often each instance writes the views it counted (one bulk write), and at shutdown. */
  @Milliseconds({ min: 10, max: 60_000 })
  INSIGHTS_FLUSH_MS = 5_000;

  /** Months the daily insights are kept; older days are deleted. */
  @WholeNumber({ min: 1 }, { min: 'INSIGHTS_RETENTION_MONTHS must be at least 1' })
  INSIGHTS_RETENTION_MONTHS = 24;

  /** Insights beacons (POST /api/insights/events) one address may send a minute, per instance. */
  @WholeNumber({ min: 1 })
  INSIGHTS_RATE_LIMIT = 120;
}

/** JOB_<NAME>_EVERY: a periodic job's period, overriding the one in its code. */
const JOB_PERIOD = /^JOB_([A-Z0-9_]+)_EVERY$/;
const DURATION = /^\d+(ms|s|m|h|d)?$/;

/** The periods given for periodic jobs, by JOB_<NAME>_EVERY's NAME (ENQUIRY_NOTIFICATION_SWEEP). */
export function jobPeriods(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw).flatMap(([key, value]) => {
      const name = JOB_PERIOD.exec(key)?.[1];
      return name && typeof value === 'string' && value.trim() !== '' ? [[name, value.trim()]] : [];
    }),
  );
}

export function validateEnv(raw: Record<string, unknown>): EnvironmentVariables {
  // An empty variable (`SMTP_URL=` in a compose file) means "not set".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, given, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}));
  if (env.PASSWORD_HASH_COST === 'low' && env.NODE_ENV !== 'test')
    lines.push('PASSWORD_HASH_COST=low is for tests only (NODE_ENV=test)');
  for (const [name, period] of Object.entries(jobPeriods(given))) {
    if (!DURATION.test(period))
      lines.push(`JOB_${name}_EVERY must be a duration such as 30s, 15m, 6h, 1d or milliseconds`);
  }
  if (lines.length > 0) throw new Error(`Invalid environment:\n  - ${lines.join('\n  - ')}`);
  return env;
}
