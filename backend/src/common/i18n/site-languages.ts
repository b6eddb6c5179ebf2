import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { isLocaleCode, localeInfo, LOCALE_CODES } from '@vitrine/contracts';
import { IsIn, IsOptional } from 'class-validator';

/**
 * The site's languages, the default first (Settings' `languages`): the settings module
 * provides it, so that `common/` and the entities below settings (the content base, the
 * gallery, the media library) need not import a feature to know them.
 */
export abstract class SiteLanguages {
  abstract languages(): Promise<string[]>;
}

/** A language's English name for messages: "Hindi", or its code if it has none. */
export function languageName(code: string): string {
  return localeInfo(code)?.name ?? code;
}

const LOCALE_MESSAGE = `locale must be one of: ${LOCALE_CODES.join(', ')}`;

/** `?locale=` on a list query (the list's DTO validates it with the rest). */
export const LocaleParam = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: 'hi',
      enum: [...LOCALE_CODES],
      description:
        "One of the site's languages: the texts in that language, each falling back to the default language's where it has none; the answer adds `locale`, `fallbackFields` (and `slugs` on products and services). Left out: the default language, exactly as before.",
    }),
    IsOptional(),
    IsIn([...LOCALE_CODES], { message: LOCALE_MESSAGE }),
  );

/** `?missing=` on an administrator's list: items with texts still untranslated in that language. */
export const MissingParam = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: 'hi',
      enum: [...LOCALE_CODES],
      description:
        'For administrators: only the items with visitor-facing texts still untranslated in this (non-default) site language (a non-empty `translationStatus[code]`)',
    }),
    IsOptional(),
    IsIn([...LOCALE_CODES], { message: `missing must be one of: ${LOCALE_CODES.join(', ')}` }),
  );

/** `?locale=` on a route that takes no other query (one item): validated alone. */
export class LocaleCodePipe implements PipeTransform<unknown, string | undefined> {
  transform(value: unknown): string | undefined {
    if (value === undefined || value === '') return undefined;
    if (isLocaleCode(value)) return value;
    throw new BadRequestException({ message: LOCALE_MESSAGE, errors: { locale: LOCALE_MESSAGE } });
  }
}

/** Swagger's line for `?locale=` on a route whose query is read by `@Query('locale')`. */
export const ApiLocaleQuery = () =>
  ApiQuery({
    name: 'locale',
    required: false,
    enum: [...LOCALE_CODES],
    description:
      "One of the site's languages: the texts in that language, each falling back to the default language's; the answer adds `locale` and `fallbackFields` (and `slugs` on products and services). Left out: the default language, exactly as before.",
  });

/**
 * The language a public read answers in: undefined for none asked (today's answer); a code
 * that is not one of the site's (a language removed, or never added) is a 400 naming `locale`.
 */
export function siteLocale(locale: string | undefined, languages: string[]): string | undefined {
  if (locale === undefined) return undefined;
  if (languages.includes(locale)) return locale;
  const message = `${languageName(locale)} is not one of the site's languages (${languages.join(', ')})`;
  throw new BadRequestException({ message, errors: { locale: message } });
}

/** The same check for `?missing=`: a non-default site language. */
export function missingLocale(code: string | undefined, languages: string[]): string | undefined {
  if (code === undefined) return undefined;
  if (languages.includes(code) && code !== languages[0]) return code;
  const message = `${languageName(code)} is not one of the site's other languages (${languages.slice(1).join(', ') || 'none'})`;
  throw new BadRequestException({ message, errors: { missing: message } });
}
