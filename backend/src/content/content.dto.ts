import type { Type } from '@nestjs/common';
import {
  ApiProperty,
  ApiPropertyOptional,
  IntersectionType,
  OmitType,
  PartialType,
} from '@nestjs/swagger';
import { PhotoInput, PhotoResponse, Photos } from '../media/library/dto/photo.dto';
import { Media } from '../media/media.types';
import { Featured, OptionalMoment, Published, Slug } from '../common/validation/fields';
import { TranslationsBody } from '../common/i18n/translations';
import {
  fieldRules,
  translatedFieldsOf,
  type ContentAnswerOf,
  type ContentBodyOf,
  type ContentKind,
} from './content-fields';
import { PlacementResponse } from './move.dto';

/**
 * The create body of a kind (content-fields.ts), as multipart form fields (the image goes
 * in `Userimg`, CONTENT_IMAGE_FIELD) or JSON: the kind's own fields, then the common ones.
 */
export function ContentBody<Prefix extends string, More extends string>(
  kind: ContentKind<Prefix, More>,
): Type<ContentBodyOf<Prefix, More>> {
  class KindFields {}
  for (const { name, given } of fieldRules(kind)) given?.(KindFields.prototype, name);
  class ContentBodyFields extends KindFields {
    @Published()
    published?: boolean;

    @Slug(kind.slug)
    slug?: string;

    @Featured()
    featured?: boolean;

    @OptionalMoment('Publish at', 'Hidden from visitors until then; null or empty for at once')
    publishAt?: Date | null;

    @Photos()
    photos?: PhotoInput[];

    @TranslationsBody(
      translatedFieldsOf(kind),
      { hi: { [`${kind.prefix}Name`]: kind.examples.Name, slug: kind.slug } },
      "`slug` is the page's address in that language (unique in it; an earlier one answers 301 to it); left out, the language keeps its slug, '' gives it the default language's.",
    )
    translations?: Record<string, Record<string, string>>;
  }
  return ContentBodyFields as unknown as Type<ContentBodyOf<Prefix, More>>;
}

/** The multipart field a kind's image comes in, as the spec names it. */
export const CONTENT_IMAGE_FIELD = 'Userimg';

/** A body as Swagger shows the multipart form: the fields plus the image. */
function ContentForm(body: Type<object>): Type<object> {
  class ContentFormFields extends body {}
  ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, AVIF or GIF',
  })(ContentFormFields.prototype, CONTENT_IMAGE_FIELD);
  return ContentFormFields;
}

/**
 * The multipart forms of a kind as Swagger shows them, its create body and its update body
 * (each field optional) with the image, named after the kind: `ProductForm`,
 * `UpdateProductForm`. They only document: the bodies are what is validated.
 */
export function contentForms(body: Type<object>, label: string) {
  const create = ContentForm(body);
  const update = PartialType(create);
  // Swagger names a schema after its class.
  Object.defineProperty(create, 'name', { value: `${label}Form` });
  Object.defineProperty(update, 'name', { value: `Update${label}Form` });
  return { create, update };
}

/** What the API answers for a record of the kind: its body's fields and what the server adds. */
export function ContentAnswer<Prefix extends string, More extends string>(
  kind: ContentKind<Prefix, More>,
  body: Type<ContentBodyOf<Prefix, More>>,
): Type<ContentAnswerOf<Prefix, More>> {
  const common = body as Type<{
    published?: boolean;
    slug?: string;
    photos?: PhotoInput[];
    translations?: unknown;
  }>;
  class Addressed extends IntersectionType(
    OmitType(common, ['published', 'slug', 'photos', 'translations'] as const),
    OmitType(PlacementResponse, ['featured'] as const),
  ) {
    @ApiProperty({ example: '665f1c2e8b3e4a0012345678' })
    _id: string;

    @ApiProperty({ example: kind.slug })
    slug: string;

    @ApiProperty({
      required: false,
      example: [kind.earlierSlug],
      description: 'Earlier slugs, newest first: their links answer 301 to the current one',
    })
    slugHistory?: string[];
  }
  ApiProperty({
    type: String,
    example: '8f14e45fceea167a5a36-1280.webp',
    description: 'Under /uploads/',
  })(Addressed.prototype, `${kind.prefix}Image`);
  class ContentAnswerFields extends Addressed {
    @ApiProperty({ type: Media, nullable: true, description: 'The cover: the first photo' })
    media: Media | null;

    @ApiProperty({ type: [PhotoResponse], description: 'In display order; the first is the cover' })
    photos: PhotoResponse[];

    @ApiProperty({ example: true })
    published: boolean;

    @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
    createdAt: string;

    @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
    updatedAt: string;

    @ApiPropertyOptional({
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
      example: { hi: { [`${kind.prefix}Name`]: kind.examples.Name, slug: kind.slug } },
      description:
        "Administrators only: the texts in the site's other languages, by language code, with each language's `slug`",
    })
    translations?: Record<string, Record<string, string>>;

    @ApiPropertyOptional({
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      example: { hi: [`${kind.prefix}Description`, 'photos.0.alt'] },
      description:
        'Administrators only: per non-default site language, the visitor-facing texts that have a value in the default language and none in that one (`[]`: complete)',
    })
    translationStatus?: Record<string, string[]>;

    @ApiPropertyOptional({
      example: 'hi',
      description: 'With `?locale=`: the language of the texts',
    })
    locale?: string;

    @ApiPropertyOptional({
      type: [String],
      example: [`${kind.prefix}Description`],
      description: "With `?locale=`: the texts that fell back to the default language's",
    })
    fallbackFields?: string[];

    @ApiPropertyOptional({
      type: 'object',
      additionalProperties: { type: 'string' },
      example: { en: kind.slug, hi: kind.slug },
      description:
        "With `?locale=`: the item's slug in every site language (the default slug where a language has none of its own)",
    })
    slugs?: Record<string, string>;
  }
  return ContentAnswerFields as unknown as Type<ContentAnswerOf<Prefix, More>>;
}
