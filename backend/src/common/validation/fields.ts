import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDate,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Matches,
  Min,
  ValidateIf,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug/slug';
import { sanitizeRichText } from '../sanitize/rich-text';
import { booleanFromForm, dateFromForm, numberFromForm, trimmed } from './transforms';

/**
 * Field rules the content forms share, each with its Swagger example and the messages a
 * person reads ("Heading must be at most 200 characters"), so they are written once.
 */
export const RequiredText = (label: string, max: number, example: string, description?: string) =>
  applyDecorators(
    ApiProperty({ type: String, example, description }),
    Transform(trimmed),
    IsString({ message: `${label} must be text` }),
    IsNotEmpty({ message: `${label} is required` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

export const OptionalText = (label: string, max: number, example: string, description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, example, description }),
    Transform(trimmed),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

/** HTML from the rich-text editor, sanitised on the way in. */
export const RichText = (example: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, example, description: 'HTML; sanitised on the server' }),
    IsOptional(),
    IsString({ message: 'Description must be text' }),
    MaxLength(100_000, { message: 'Description is too long' }),
    Transform(({ value }) => (typeof value === 'string' ? sanitizeRichText(value) : value)),
  );

/** A value (price) in rupees; '' from a form means none. */
export const Price = (example: number) =>
  applyDecorators(
    ApiPropertyOptional({
      type: Number,
      example,
      description: 'Value (price) in rupees',
      nullable: true,
    }),
    Transform(numberFromForm),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Value must be a number' }),
    Min(0, { message: 'Value cannot be negative' }),
    Max(1_000_000_000, { message: 'Value is too large' }),
  );

export const Published = () =>
  applyDecorators(
    ApiPropertyOptional({ example: true, default: true, description: 'Shown to visitors' }),
    Transform(booleanFromForm),
    IsOptional(),
    IsBoolean({ message: 'published must be true or false' }),
  );

/** Shown on the home and About pages (products), or wherever the site features them. */
export const Featured = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: false,
      default: false,
      description: 'Shown on the home and About pages, in the featured order',
    }),
    Transform(booleanFromForm),
    IsOptional(),
    IsBoolean({ message: 'featured must be true or false' }),
  );

/** A moment (ISO 8601 with its offset); '' or null from a form means none. */
export const OptionalMoment = (label: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'date-time',
      example: '2026-12-01T09:00:00+05:30',
      description,
      nullable: true,
    }),
    Transform(dateFromForm),
    IsOptional(),
    IsDate({ message: `${label} must be a date and time` }),
  );

/**
 * The address of an item's page (`/singleproject/{slug}`), set by hand; left out or '' it is
 * made from the name. Its earlier slugs keep leading to it.
 */
export const Slug = (example: string) =>
  applyDecorators(
    ApiPropertyOptional({
      example,
      pattern: SLUG_PATTERN.source,
      maxLength: SLUG_MAX_LENGTH,
      description:
        'The page address, set by hand: lowercase letters, digits and hyphens. Left out or empty, it is made from the name (on creation, and when the name changes). Earlier slugs answer 301 to the current one; one in use by another item, now or before, is a 409.',
    }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    ValidateIf((_object, value) => value !== undefined),
    IsString({ message: 'Slug must be text' }),
    MaxLength(SLUG_MAX_LENGTH, { message: `Slug must be at most ${SLUG_MAX_LENGTH} characters` }),
    Matches(SLUG_PATTERN, {
      message: 'Slug may have only lowercase letters, digits and single hyphens between them',
    }),
  );

/**
 * For PartialType of a create DTO: a field left out is kept, but a field sent as null is
 * validated like any value, so `{ "ProductName": null }` is a 400 and not a required
 * field emptied behind the validator's back. Fields that accept null say so themselves.
 */
export const NULL_IS_A_VALUE = { skipNullProperties: false } as const;

/** A moment later than the object's `field` (an end after its start). */
export const IsAfter = (field: string, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isAfter',
      validator: {
        validate: (value, args) => {
          const other = (args?.object as Record<string, unknown> | undefined)?.[field];
          return !(value instanceof Date && other instanceof Date) || value > other;
        },
      },
    },
    options,
  );
