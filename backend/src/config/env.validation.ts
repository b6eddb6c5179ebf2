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
  ValidateIf,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined
    ? undefined
    : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());

/**
 * Every environment variable the API reads, checked at start so that a bad value stops the
 * process with a message naming it, instead of failing later in a request.
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(0)
  @Max(65535)
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

  @IsString()
  @Matches(/^[A-Za-z0-9._-]{3,40}$/, {
    message: 'ADMIN_USERNAME must be 3-40 letters, digits, dots, dashes or underscores',
  })
  ADMIN_USERNAME = 'admin';

  @IsOptional()
  @IsString()
  @MinLength(10, { message: 'ADMIN_PASSWORD must be at least 10 characters' })
  ADMIN_PASSWORD?: string;

  @IsString()
  CORS_ORIGINS = 'http://localhost:4200';

  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, {
    message: 'SITE_URL must be an http(s) URL such as https://vitrine.example',
  })
  SITE_URL = 'http://localhost:4200';

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  @Max(100)
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

  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT = 10;

  @Transform(({ value }) => Number(value))
  @IsInt()
  @Min(1)
  ENQUIRY_RATE_LIMIT = 5;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
}

export function validateEnv(raw: Record<string, unknown>): EnvironmentVariables {
  // An empty variable (`SMTP_URL=` in a compose file) means "not set".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, given, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new Error(`Invalid environment:\n  - ${lines.join('\n  - ')}`);
  }
  return env;
}
