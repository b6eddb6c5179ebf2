import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INSIGHTS_ACTIONS, type InsightsAction } from '@vitrine/contracts';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { z } from 'zod';

const PATH = /^\/\S*$/;
const PATH_MESSAGE = 'path must be a page of the site, such as /products';
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

/** A beacon from the public site: a view after a client-side navigation, or an action. */
export class InsightsEventDto {
  @ApiProperty({ enum: ['view', 'action'], example: 'view' })
  @IsIn(['view', 'action'], { message: 'type must be view or action' })
  type!: 'view' | 'action';

  @ApiProperty({ example: '/singleproject/teak-chair', description: 'The page, as a path' })
  @IsString({ message: PATH_MESSAGE })
  @MaxLength(500, { message: 'path must be at most 500 characters' })
  @Matches(PATH, { message: PATH_MESSAGE })
  path!: string;

  @ApiPropertyOptional({
    example: 'https://www.google.com/',
    description:
      "Where the visitor came from ('' for nowhere); only its host is kept. Left out, the " +
      'view is a move within the site, and no referrer is counted.',
  })
  @IsOptional()
  @IsString({ message: 'referrer must be text' })
  @MaxLength(1000, { message: 'referrer must be at most 1000 characters' })
  referrer?: string;

  @ApiPropertyOptional({
    enum: INSIGHTS_ACTIONS,
    example: 'whatsapp',
    description: 'Required with type action',
  })
  @ValidateIf((event: InsightsEventDto) => event.type === 'action' || event.action !== undefined)
  @IsIn(INSIGHTS_ACTIONS, { message: `action must be one of ${INSIGHTS_ACTIONS.join(', ')}` })
  action?: InsightsAction;

  @ApiPropertyOptional({
    example: 'teak-chair',
    description: "The product's slug, when the action was taken on its page",
  })
  @IsOptional()
  @IsString({ message: 'product must be a slug' })
  @Matches(SLUG, { message: 'product must be a slug' })
  product?: string;
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/**
 * A shell's report of the pages it served (`POST /api/insights/views`), validated with zod
 * (SchemaValidationPipe) rather than class-validator: a report holds thousands of views a
 * few seconds apart, and class-validator and class-transformer were most of what the API
 * spent on them (bench:ssr's "CPU ms per 1,000 cached pages … the API meanwhile" row; see
 * bench/README, issue 35). ShellViewsDto below documents the same in Swagger.
 */
export const SHELL_VIEWS = z.strictObject({
  views: z
    .array(
      z.strictObject({
        path: z
          .string({ error: PATH_MESSAGE })
          .max(2000, { error: 'path must be at most 2000 characters' })
          .regex(PATH, { error: PATH_MESSAGE }),
        referrer: text('referrer', 2000).optional(),
        address: text('address', 100),
        userAgent: text('userAgent', 1000),
        at: z.iso
          .datetime({ offset: true, error: 'at must be a date and time' })
          .transform((at) => new Date(at)),
      }),
      { error: 'views must be a list' },
    )
    .max(5000, { error: 'views must be at most 5000 at a time' }),
});

export type ShellViews = z.output<typeof SHELL_VIEWS>;

/** One view a shell served, already found countable (uncountedReason): SHELL_VIEWS's, for Swagger. */
export class ShellViewDto {
  @ApiProperty({ example: '/products' })
  path!: string;

  @ApiPropertyOptional({ example: 'https://www.google.com/' })
  referrer?: string;

  @ApiProperty({ example: '203.0.113.7', description: 'Hashed, never stored' })
  address!: string;

  @ApiProperty({
    example: 'Mozilla/5.0 (iPhone…)',
    description: 'Hashed and classified, never stored',
  })
  userAgent!: string;

  @ApiProperty({ example: '2026-12-01T10:15:00.000Z', type: String, format: 'date-time' })
  at!: Date;
}

/** A shell's report: SHELL_VIEWS's, for Swagger. */
export class ShellViewsDto {
  @ApiProperty({ type: [ShellViewDto] })
  views!: ShellViewDto[];
}

/**
 * A range of days in TIME_ZONE, both included: `from` and `to`, or the last `days` up to `to`
 * (so the admin need not know the site's time zone to ask for "the last 7 days"); the last 30
 * days by default.
 */
export class InsightsRangeDto {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'YYYY-MM-DD, in TIME_ZONE' })
  @IsOptional()
  @IsString({ message: 'from must be a day written YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'YYYY-MM-DD, in TIME_ZONE' })
  @IsOptional()
  @IsString({ message: 'to must be a day written YYYY-MM-DD' })
  to?: string;

  @ApiPropertyOptional({
    example: 7,
    minimum: 1,
    maximum: 731,
    description: 'The last this many days up to `to` (today by default); not with `from`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(731, { message: 'days must be at most 731 (two years)' })
  days?: number;
}

/** One product, by the slug of its page (`/singleproject/{slug}`). */
export class InsightsProductParams {
  @ApiProperty({ example: 'teak-chair' })
  @Matches(SLUG, { message: 'slug must be a product slug' })
  slug!: string;
}
