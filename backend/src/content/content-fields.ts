import type { PropOptions } from '@nestjs/mongoose';
import type { PhotoInput, PhotoResponse } from '../media/library/dto/photo.dto';
import type { Photo } from '../media/library/media-library.service';
import type { Media } from '../media/media.types';
import { OptionalText, Price, RequiredText, RichText } from '../common/validation/fields';
import type { TranslatableShape, TranslatedFields } from '../common/i18n/translations';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../common/slug/slug';
import type { PlacementResponse } from './move.dto';

/**
 * The fields products and services share, written once. Each kind names them after itself,
 * as the spec does (`ProductName`, `ServiceName`…), and gives its own examples; its schema
 * (content.schema.ts), its bodies and its answers (content.dto.ts) are all built from this
 * one list, with the same rules, messages and Swagger documentation.
 */
export interface ContentKind<Prefix extends string, More extends string = never> {
  prefix: Prefix;
  examples: {
    Name: string;
    Category: string;
    Price: number;
    Heading: string;
    Description: string;
    Status: string;
  };
  /** The kind's further short texts (products: Client, Location, Size), each with an example. */
  more?: Record<More, string>;
  /** An address, and an earlier one, as examples of `slug` and `slugHistory`. */
  slug: string;
  earlierSlug: string;
}

/** `{ Name: string }` named for a kind: `{ ProductName: string }`. */
type Named<Prefix extends string, Fields> = {
  [Key in keyof Fields & string as `${Prefix}${Key}`]: Fields[Key];
};

type Texts<More extends string> = { [Key in More]: string };

/** What a record of the kind stores. */
export type StoredContentOf<Prefix extends string, More extends string> = Named<
  Prefix,
  {
    Name: string;
    Category: string;
    Price: number | null;
    Heading: string;
    /** Sanitised HTML. */
    Description: string;
    Status: string;
    /** File name of the largest variant, as the spec's clients expect under /uploads/. */
    Image: string;
  } & Texts<More>
> & {
  media: Media | null;
  /** In display order; the first is the cover, which the image field and `media` repeat. */
  photos?: Photo[];
  slug: string;
  /** Earlier slugs, newest first: links made with them answer 301 to the current one. */
  slugHistory: string[];
  published: boolean;
  /** The texts in the site's other languages (translatableOf), and each one's slug. */
  translations?: Record<string, Record<string, unknown>>;
};

/** What a create body of the kind holds (an update body: the same fields, each optional). */
export type ContentBodyOf<Prefix extends string, More extends string> = Named<
  Prefix,
  { Name: string; Category: string }
> &
  Partial<
    Named<
      Prefix,
      { Price: number | null; Heading: string; Description: string; Status: string } & Texts<More>
    >
  > & {
    published?: boolean;
    slug?: string;
    featured?: boolean;
    publishAt?: Date | null;
    photos?: PhotoInput[];
    translations?: Record<string, Record<string, string>>;
  };

/** What the API answers for a record of the kind. */
export type ContentAnswerOf<Prefix extends string, More extends string> = Omit<
  ContentBodyOf<Prefix, More>,
  'published' | 'slug' | 'photos' | 'featured'
> &
  Named<Prefix, { Image: string }> &
  Omit<PlacementResponse, 'featured'> & {
    _id: string;
    slug: string;
    slugHistory?: string[];
    media: Media | null;
    photos: PhotoResponse[];
    published: boolean;
    createdAt: string;
    updatedAt: string;
  };

const CATEGORY = 'One of the categories in use, a default, or a new one';

/** One of a kind's own fields: how it is stored, and how a body gives it (if it may). */
export interface FieldRule {
  /** The field's name, the kind's prefix and this: `ProductName`. */
  name: string;
  stored: PropOptions;
  /** Validation and documentation; none for a field only the server sets. */
  given?: PropertyDecorator;
}

/** The kind's own fields, in the spec's order. */
export function fieldRules(kind: ContentKind<string, string>): FieldRule[] {
  const { prefix, examples } = kind;
  const text = { type: String, default: '', trim: true };
  const more = Object.entries<string>(kind.more ?? {});
  const rules: FieldRule[] = [
    {
      name: 'Name',
      stored: { type: String, required: true, trim: true },
      given: RequiredText(`${prefix} name`, 120, examples.Name),
    },
    {
      name: 'Category',
      stored: { type: String, required: true, trim: true, index: true },
      given: RequiredText('Category', 60, examples.Category, CATEGORY),
    },
    { name: 'Price', stored: { type: Number, default: null }, given: Price(examples.Price) },
    { name: 'Heading', stored: text, given: OptionalText('Heading', 200, examples.Heading) },
    {
      name: 'Description',
      stored: { type: String, default: '' },
      given: RichText(examples.Description),
    },
    { name: 'Status', stored: text, given: OptionalText('Status', 60, examples.Status) },
    ...more.map(([name, example]) => ({
      name,
      stored: text,
      given: OptionalText(name, 120, example),
    })),
    { name: 'Image', stored: { type: String, default: '' } },
  ];
  return rules.map((rule) => ({ ...rule, name: `${prefix}${rule.name}` }));
}

/**
 * The kind's visitor-facing texts, which have a value per language (issue 36): its name,
 * heading, description, status, category and further texts, and its photos' alt texts.
 * Not its price, nor anything only the server sets.
 */
export function translatableOf(kind: ContentKind<string, string>): TranslatableShape {
  const { prefix } = kind;
  const names = [
    'Name',
    'Heading',
    'Description',
    'Status',
    'Category',
    ...Object.keys(kind.more ?? {}),
  ];
  return { texts: names.map((name) => `${prefix}${name}`), ownLists: { photos: ['alt'] } };
}

/**
 * What `translations` of a body may hold per language: the same texts with the same limits
 * as the kind's own fields (Description sanitised alike), and the page's `slug` in that
 * language.
 */
export function translatedFieldsOf(kind: ContentKind<string, string>): TranslatedFields {
  const { prefix } = kind;
  return {
    texts: [
      { name: `${prefix}Name`, label: `${prefix} name`, max: 120 },
      { name: `${prefix}Heading`, label: 'Heading', max: 200 },
      { name: `${prefix}Description`, label: 'Description', max: 100_000, rich: true },
      { name: `${prefix}Status`, label: 'Status', max: 60 },
      { name: `${prefix}Category`, label: 'Category', max: 60 },
      ...Object.keys(kind.more ?? {}).map((name) => ({
        name: `${prefix}${name}`,
        label: name,
        max: 120,
      })),
      {
        name: 'slug',
        label: 'Slug',
        max: SLUG_MAX_LENGTH,
        pattern: {
          test: SLUG_PATTERN,
          message: 'a slug may have only lowercase letters, digits and single hyphens between them',
        },
      },
    ],
  };
}

/** What the content service learns from the kind: its fields' names, and what lists sort by. */
export function contentOptionsOf(kind: ContentKind<string, string>) {
  const { prefix } = kind;
  return {
    label: prefix,
    translatable: translatableOf(kind),
    nameField: `${prefix}Name`,
    imageField: `${prefix}Image`,
    categoryField: `${prefix}Category`,
    sortable: [
      ...['Name', 'Category', 'Price', 'Status'].map((name) => `${prefix}${name}`),
      'order',
      'featuredOrder',
      'createdAt',
      'updatedAt',
    ],
  };
}
