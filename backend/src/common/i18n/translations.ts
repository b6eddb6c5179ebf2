import { applyDecorators, BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { TranslationStatus, Translations } from '@vitrine/contracts';
import { isLocaleCode } from '@vitrine/contracts';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import mongoose from 'mongoose';
import { sanitizeRichText } from '../sanitize/rich-text';
import { languageName } from './site-languages';

type Doc = Record<string, unknown>;

/**
 * Where an item's visitor-facing texts are, for the translations (issue 36): each item keeps
 * its own fields in the default language and `translations: { [code]: { …same names } }` for
 * the others. Lists and sub-documents are translated element by element, under the same
 * names (`translations.hi.figures[0].label`), except `ownLists`, whose elements carry their
 * own `translations` (a product's `photos[].translations.hi.alt`), as they move with them.
 * A text's name in `fallbackFields` and `translationStatus` is its path: `ProductName`,
 * `figures.0.label`, `banner.alt`, `photos.1.alt`.
 */
export interface TranslatableShape {
  texts: readonly string[];
  lists?: Readonly<Record<string, readonly string[]>>;
  objects?: Readonly<Record<string, readonly string[]>>;
  ownLists?: Readonly<Record<string, readonly string[]>>;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const docOf = (value: unknown): Doc => (isDoc(value) ? value : {});

/**
 * `doc` in `locale`: each text replaced by its translation, or kept (the default language's)
 * where the translation is missing or '', that text's path then in `fallbackFields` (a text
 * empty in the default language too is nothing to fall back to, and is not named). The
 * answer has no `translations`. In the default language, nothing changes but that.
 */
export function localize(
  doc: Doc,
  shape: TranslatableShape,
  locale: string,
  defaultLocale: string,
): { doc: Doc; fallbackFields: string[] } {
  const { translations, ...own } = doc;
  const fallbackFields: string[] = [];
  const other = locale !== defaultLocale;
  const given = other ? docOf(docOf(translations)[locale]) : {};
  const translate = (own: Doc, from: Doc, names: readonly string[], path: string): Doc => {
    const copy = { ...own };
    if (!other) return copy;
    for (const name of names) {
      const translated = textOf(from[name]).trim();
      if (translated) copy[name] = translated;
      else if (textOf(own[name]).trim()) fallbackFields.push(`${path}${name}`);
    }
    return copy;
  };
  const out = translate(own, given, shape.texts, '');
  for (const [list, names] of Object.entries(shape.lists ?? {})) {
    if (!Array.isArray(doc[list])) continue;
    const from = Array.isArray(given[list]) ? (given[list] as unknown[]) : [];
    out[list] = (doc[list] as unknown[]).map((element, index) =>
      isDoc(element) ? translate(element, docOf(from[index]), names, `${list}.${index}.`) : element,
    );
  }
  for (const [object, names] of Object.entries(shape.objects ?? {})) {
    if (!isDoc(doc[object])) continue;
    out[object] = translate(doc[object], docOf(given[object]), names, `${object}.`);
  }
  for (const [list, names] of Object.entries(shape.ownLists ?? {})) {
    if (!Array.isArray(doc[list])) continue;
    out[list] = (doc[list] as unknown[]).map((element, index) => {
      if (!isDoc(element)) return element;
      const { translations: own, ...rest } = element;
      const from = other ? docOf(docOf(own)[locale]) : {};
      return translate(rest, from, names, `${list}.${index}.`);
    });
  }
  return { doc: out, fallbackFields };
}

/** `doc` as a visitor reads it in the default language: without any `translations`. */
export function withoutTranslations(
  doc: Doc,
  shape: TranslatableShape,
  defaultLocale: string,
): Doc {
  return localize(doc, shape, defaultLocale, defaultLocale).doc;
}

/**
 * Per non-default site language, the paths of the texts that have a value in the default
 * language and none in that one: what would fall back. `[]` is complete.
 */
export function translationStatus(
  doc: Doc,
  shape: TranslatableShape,
  languages: readonly string[],
): TranslationStatus {
  const [defaultLocale, ...others] = languages;
  return Object.fromEntries(
    others.map((code) => [code, localize(doc, shape, code, defaultLocale).fallbackFields]),
  );
}

/**
 * `doc` with `to` as the site's default language instead of `from`: each text of `to`'s
 * translation becomes the item's own, and what was its own becomes `from`'s translation, so
 * no text is lost. A text `to` has no translation for keeps its `from` text as its own (it
 * shows, as it did in `to`, until someone translates it). An item with a slug takes `to`'s
 * (or keeps its own if `to` had none); its former own slug becomes `from`'s, and also joins
 * its slug history, so that a link made with it still leads to the item.
 */
export function rebased(doc: Doc, shape: TranslatableShape, from: string, to: string): Doc {
  const { translations, ...own } = doc;
  const others = { ...docOf(translations) };
  const given = docOf(others[to]);
  delete others[to];
  const swap = (own: Doc, from: Doc, names: readonly string[]) => {
    const next = { ...own };
    const before: Doc = {};
    for (const name of names) {
      const text = textOf(own[name]);
      const translated = textOf(from[name]).trim();
      if (text.trim()) before[name] = text;
      if (translated) next[name] = translated;
    }
    return { next, before };
  };
  const { next: out, before: old } = swap(own, given, shape.texts);
  for (const [list, names] of Object.entries(shape.lists ?? {})) {
    if (!Array.isArray(doc[list])) continue;
    const from = Array.isArray(given[list]) ? (given[list] as unknown[]) : [];
    const swapped = (doc[list] as unknown[]).map((element, index) =>
      isDoc(element) ? swap(element, docOf(from[index]), names) : { next: element, before: {} },
    );
    out[list] = swapped.map(({ next }) => next);
    if (swapped.some(({ before }) => Object.keys(before).length)) {
      old[list] = swapped.map(({ before }) => before);
    }
  }
  for (const [object, names] of Object.entries(shape.objects ?? {})) {
    if (!isDoc(doc[object])) continue;
    const { next, before } = swap(doc[object], docOf(given[object]), names);
    out[object] = next;
    if (Object.keys(before).length) old[object] = before;
  }
  for (const [list, names] of Object.entries(shape.ownLists ?? {})) {
    if (!Array.isArray(doc[list])) continue;
    out[list] = (doc[list] as unknown[]).map((element) => {
      if (!isDoc(element)) return element;
      const { translations: own, ...rest } = element;
      const elementOthers = { ...docOf(own) };
      const { next, before } = swap(rest, docOf(elementOthers[to]), names);
      delete elementOthers[to];
      if (Object.keys(before).length) elementOthers[from] = before;
      return Object.keys(elementOthers).length ? { ...next, translations: elementOthers } : next;
    });
  }
  if (typeof doc.slug === 'string') {
    const slug = textOf(given.slug) || doc.slug;
    const history = (value: unknown) => (Array.isArray(value) ? value.map(textOf) : []);
    const earlier = [
      ...history(given.slugHistory),
      ...(slug !== doc.slug ? [doc.slug] : []),
      ...history(doc.slugHistory),
    ];
    out.slug = slug;
    out.slugHistory = [...new Set(earlier)].filter((old) => old && old !== slug);
    if (slug !== doc.slug) old.slug = doc.slug;
    const oldHistory = history(doc.slugHistory).filter((earlier) => earlier !== doc.slug);
    if (oldHistory.length) old.slugHistory = oldHistory;
  }
  if (Object.keys(old).length) others[from] = old;
  return Object.keys(others).length || translations !== undefined
    ? { ...out, translations: others }
    : out;
}

/** A filter for the items with texts still untranslated in `code` (`?missing=`). */
export function missingFilter(shape: TranslatableShape, code: string): Doc {
  const untranslated = (name: string, prefix = '') => ({
    [`${prefix}${name}`]: mongoose.trusted({ $nin: ['', null] }),
    [`${prefix}translations.${code}.${name}`]: mongoose.trusted({ $in: ['', null] }),
  });
  const either: Doc[] = shape.texts.map((name) => untranslated(name));
  for (const [list, names] of Object.entries(shape.ownLists ?? {})) {
    for (const name of names) {
      either.push({ [list]: mongoose.trusted({ $elemMatch: untranslated(name) }) });
    }
  }
  return { $or: mongoose.trusted(either) };
}

/**
 * The translations a save keeps: the languages the body names replace the stored ones
 * whole, the others stay (a language removed from the site keeps its texts, for its return).
 */
export function mergedTranslations(stored: unknown, given: Translations | Doc | undefined): Doc {
  return { ...docOf(stored), ...(given ?? {}) };
}

/**
 * A body's languages must be the site's others: a 400 naming each that is not. A language
 * taken off the site whose texts come back as they are stored (a client sending back what
 * it read) is let through unchanged.
 */
export function assertSiteTranslations(
  given: unknown,
  languages: readonly string[],
  stored?: unknown,
): void {
  if (!isDoc(given)) return;
  const errors: Record<string, string> = {};
  const kept = docOf(stored);
  for (const code of Object.keys(given)) {
    const unchanged = code in kept && JSON.stringify(given[code]) === JSON.stringify(kept[code]);
    if (unchanged && code !== languages[0]) continue;
    if (code === languages[0]) {
      errors[`translations.${code}`] =
        `${languageName(code)} is the default language: its texts are the item's own fields`;
    } else if (!languages.includes(code)) {
      errors[`translations.${code}`] = `${languageName(code)} is not one of the site's languages`;
    }
  }
  const messages = Object.values(errors);
  if (messages.length) throw new BadRequestException({ message: messages.join('; '), errors });
}

/** One translatable text of a body: its label in messages, its limit, and its cleaning. */
export interface TranslatedText {
  name: string;
  label: string;
  max: number;
  /** Sanitised HTML (the item's Description). */
  rich?: boolean;
  /** A rule of its own (a slug's pattern), with its message. */
  pattern?: { test: RegExp; message: string };
}

/** What one language of a body may hold: texts, and lists or sub-documents of texts. */
export interface TranslatedFields {
  texts: readonly TranslatedText[];
  lists?: Readonly<Record<string, readonly TranslatedText[]>>;
  objects?: Readonly<Record<string, readonly TranslatedText[]>>;
}

function cleanTexts(value: unknown, texts: readonly TranslatedText[]): unknown {
  if (!isDoc(value)) return value;
  const out: Doc = { ...value };
  for (const { name, rich } of texts) {
    const text = out[name];
    if (typeof text === 'string') out[name] = rich ? sanitizeRichText(text) : text.trim();
  }
  return out;
}

function cleanLanguage(value: unknown, fields: TranslatedFields): unknown {
  if (!isDoc(value)) return value;
  const out = cleanTexts(value, fields.texts) as Doc;
  for (const [list, texts] of Object.entries(fields.lists ?? {})) {
    if (Array.isArray(out[list]))
      out[list] = (out[list] as unknown[]).map((element) => cleanTexts(element, texts));
  }
  for (const [object, texts] of Object.entries(fields.objects ?? {})) {
    if (out[object] !== undefined) out[object] = cleanTexts(out[object], texts);
  }
  return out;
}

/** Multipart forms send `translations` as JSON text; each text is trimmed or sanitised. */
export function translationsFromBody(fields: TranslatedFields) {
  return ({ value }: TransformFnParams): unknown => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        return value;
      }
    }
    if (!isDoc(parsed)) return parsed;
    return Object.fromEntries(
      Object.entries(parsed).map(([code, language]) => [code, cleanLanguage(language, fields)]),
    );
  };
}

function textProblems(
  value: unknown,
  texts: readonly TranslatedText[],
  where: string,
  language: string,
): string[] {
  if (!isDoc(value)) return [`${where} must be an object of texts`];
  const problems: string[] = [];
  const known = new Map(texts.map((text) => [text.name, text]));
  for (const [name, text] of Object.entries(value)) {
    const rule = known.get(name);
    if (!rule) {
      problems.push(`${where}.${name} is not a text that is translated`);
      continue;
    }
    const label = `${rule.label} (${language})`;
    if (typeof text !== 'string') problems.push(`${label} must be text`);
    else if (text.length > rule.max)
      problems.push(`${label} must be at most ${rule.max} characters`);
    else if (text && rule.pattern && !rule.pattern.test.test(text))
      problems.push(`${label}: ${rule.pattern.message}`);
  }
  return problems;
}

/** What is wrong with a body's `translations`, in words; [] when nothing is. */
export function translationProblems(value: unknown, fields: TranslatedFields): string[] {
  if (!isDoc(value)) return ['translations must be an object: { language code: { field: text } }'];
  const problems: string[] = [];
  for (const [code, language] of Object.entries(value)) {
    if (!isLocaleCode(code)) {
      problems.push(`translations.${code}: "${code}" is not a language code the site may have`);
      continue;
    }
    const name = languageName(code);
    if (!isDoc(language)) {
      problems.push(`translations.${code} must be an object of texts`);
      continue;
    }
    const { ...own } = language;
    for (const list of Object.keys(fields.lists ?? {})) delete own[list];
    for (const object of Object.keys(fields.objects ?? {})) delete own[object];
    problems.push(...textProblems(own, fields.texts, `translations.${code}`, name));
    for (const [list, texts] of Object.entries(fields.lists ?? {})) {
      const elements = language[list];
      if (elements === undefined) continue;
      if (!Array.isArray(elements)) {
        problems.push(`translations.${code}.${list} must be a list`);
        continue;
      }
      if (elements.length > 100) problems.push(`translations.${code}.${list} is too long`);
      elements.forEach((element, index) => {
        if (element === null) return;
        problems.push(
          ...textProblems(element, texts, `translations.${code}.${list}.${index}`, name),
        );
      });
    }
    for (const [object, texts] of Object.entries(fields.objects ?? {})) {
      const element = language[object];
      if (element === undefined || element === null) continue;
      problems.push(...textProblems(element, texts, `translations.${code}.${object}`, name));
    }
  }
  return problems;
}

/**
 * A body's `translations`: `{ hi: { ProductName: '…' } }` (JSON, or JSON text in a multipart
 * form), the known texts only, each within its field's limit, rich text sanitised. Which
 * languages the site has is the service's check (assertSiteTranslations).
 */
export const TranslationsBody = (
  fields: TranslatedFields,
  example: Translations | Doc,
  description = '',
) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: true },
      example,
      description: `The texts in the site's other languages, by language code, each under its field's own name; a text left out or '' falls back to the default language's. A save replaces the languages it names and keeps the others. In multipart forms, as JSON text.${description ? ` ${description}` : ''}`,
    }),
    Transform(translationsFromBody(fields)),
    IsOptional(),
    ValidateBy({
      name: 'translations',
      validator: {
        validate: (value) => translationProblems(value, fields).length === 0,
        defaultMessage: (args) => translationProblems(args?.value, fields).join('; '),
      },
    }),
  );
