import type { ReactNode } from 'react';
import type { ApiResult, Media, Photo } from '@vitrine/api-client';
import type { TranslationStatus, Translations } from '@vitrine/contracts';
import type { ListQuery } from '../../lib/use-list-params';
import type { LocaleCode } from '../../lib/site-languages';

/*
 * Projects and services are the same kind of content under other names: the API prefixes
 * every field with the type (`ProductName`, `ServiceName`) and projects have a few text
 * fields more. A ContentType says what differs; the shared list and form screens do the rest.
 */

/** The text fields every type has, named without the prefix (`Name` is `ProductName`). */
type CommonText = 'Name' | 'Category' | 'Heading' | 'Description' | 'Status';

/** A text field of a type with extra fields `X`, without the prefix. */
export type TextKey<X extends string> = CommonText | X;

/** Every field the form edits as text; `Price` too, so that "12a" can be reported, not lost. */
export type FieldKey<X extends string> = TextKey<X> | 'Price';

/**
 * A field the form can report an error on: the text fields, the flags, the moment, the
 * slug and the image.
 */
export type ErrorKey<X extends string> =
  FieldKey<X> | 'published' | 'featured' | 'publishAt' | 'slug' | 'Userimg';

/** Fields the API names without the type's prefix. */
const UNPREFIXED: readonly string[] = ['published', 'featured', 'publishAt', 'slug', 'Userimg'];

/** A record of a type whose fields start with `P`, as the API answers it. */
export type ContentRecord<P extends string, X extends string> = {
  _id: string;
  media: Media | null;
  /** Absent on records saved before photos existed: their `media` is the one photo. */
  photos?: (Photo & { translations?: Translations<'alt'> })[];
  /**
   * The texts in the other site languages (issue 36), by language code, under the API's
   * field names (`ProductName`) plus `slug`; an administrator's read has them.
   */
  translations?: Translations;
  /** Per non-default site language, the fields still untranslated (admin reads). */
  translationStatus?: TranslationStatus;
  published: boolean;
  /** Its page's address: /singleproject/{slug}. */
  slug?: string;
  featured?: boolean;
  /** Hidden from visitors until then. */
  publishAt?: string | null;
  order?: number;
  featuredOrder?: number;
  updatedAt?: string;
} & Record<`${P}${'Name' | 'Category'}`, string> &
  Partial<Record<`${P}${TextKey<X>}`, string>> &
  Partial<Record<`${P}Price`, number | null>>;

/** A category in use, as the API's category list names it. */
export type ContentCategory<P extends string> = Record<`${P}Category`, string>;

export type ContentListQuery = ListQuery & {
  category?: string;
  featured?: boolean;
  /** A language code: only the records whose translation into it misses a field. */
  missing?: LocaleCode;
};

/**
 * The typed client's calls for one type, made by contentEndpoints (api/content-endpoints.ts);
 * what they answer is checked against ContentRecord where each type is declared.
 */
export interface ContentEndpoints<R, C> {
  list(query: ContentListQuery, signal?: AbortSignal): Promise<ApiResult<R[]>>;
  get(id: string, signal?: AbortSignal): Promise<ApiResult<R>>;
  categories(signal?: AbortSignal): Promise<ApiResult<C[]>>;
  remove(id: string): Promise<ApiResult<unknown>>;
  /** Moves a record in its list (its category's, for projects) or among the featured. */
  move(id: string, to: { order?: number; featuredOrder?: number }): Promise<ApiResult<unknown>>;
}

export interface LabelledField<K extends string> {
  key: K;
  label: string;
  hint?: string;
}

export interface ContentType<P extends string, X extends string = never> {
  prefix: P;
  /**
   * The type's name in addresses and ids: the list at /admin/product, the forms at
   * add-product and edit-product/:id, the API at /api/product, fields as product-ProductName.
   */
  slug: string;
  /** The public page of one, before its slug: "/singleproject/". */
  pagePath: string;
  /** What the screens call one and several, in lower case: "project", "projects". */
  one: string;
  many: string;
  /** The sentence under the list's heading. */
  listDescription: string;
  /** Its records are ordered within their category (projects), not all in one list. */
  orderedWithinCategory?: boolean;
  /** Offered before any record uses a category; the categories in use are added to them. */
  defaultCategories: readonly string[];
  priceHint: string;
  statusHint: string;
  statusSuggestions: readonly string[];
  descriptionPlaceholder: string;
  /** Text fields of this type only: in the form after the heading, and as list columns. */
  extraFields: readonly LabelledField<X>[];
  endpoints: ContentEndpoints<ContentRecord<P, X>, ContentCategory<P>>;
  /**
   * A panel of the edit screen, under the form, from outside the content feature (the
   * page that describes the type puts it together): a project's visit numbers.
   */
  editPanel?(record: ContentRecord<P, X>): ReactNode;
}

/** The fields every type has, with the labels the error summary and the list use. */
const COMMON_FIELDS: readonly LabelledField<FieldKey<never>>[] = [
  { key: 'Name', label: 'Name' },
  { key: 'Category', label: 'Category' },
  { key: 'Price', label: 'Value' },
  { key: 'Heading', label: 'Heading' },
  { key: 'Description', label: 'Description' },
  { key: 'Status', label: 'Status' },
];

/** A type's text fields in the order the API takes them (and the error summary lists them). */
export function formFields<P extends string, X extends string>(
  type: ContentType<P, X>,
): readonly LabelledField<FieldKey<X>>[] {
  return [...COMMON_FIELDS, ...type.extraFields];
}

/** The field's name in the API's bodies and error answers: `ProductName`, but `published`. */
export function wireName<P extends string, X extends string>(
  type: ContentType<P, X>,
  key: ErrorKey<X>,
): string {
  return UNPREFIXED.includes(key) ? key : `${type.prefix}${key}`;
}

/** The form element's id, e.g. `product-ProductName`: the error summary links to it. */
export function fieldId<P extends string, X extends string>(
  type: ContentType<P, X>,
  key: ErrorKey<X>,
): string {
  return `${type.slug}-${wireName(type, key)}`;
}

/** A record's text field by its name without the prefix; '' when it has none. */
export function textOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  record: ContentRecord<P, X>,
  key: TextKey<X>,
): string {
  // The record seen as its text fields alone, so that a field named at run time is typed.
  const texts: Partial<Record<`${P}${TextKey<X>}`, string>> = record;
  return texts[`${type.prefix}${key}`] ?? '';
}

export function priceOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  record: ContentRecord<P, X>,
): number | null | undefined {
  const prices: Partial<Record<`${P}Price`, number | null>> = record;
  return prices[`${type.prefix}Price`];
}

export function categoryOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  category: ContentCategory<P>,
): string {
  return category[`${type.prefix}Category`];
}

/** "project" → "Project", for headings and toasts. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
