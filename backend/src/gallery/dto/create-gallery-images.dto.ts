import { ApiProperty } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { PhotoInput, Photos } from '../../media/library/dto/photo.dto';

/** How many images one upload may carry (multer refuses more with a 400). */
export const GALLERY_BATCH_MAX = 10;

/**
 * Multer gives a field sent once as a string and a repeated one as an array: both become
 * an array of trimmed texts here.
 */
const altTexts = ({ value }: TransformFnParams): unknown => {
  const list: unknown = typeof value === 'string' ? [value] : value;
  return Array.isArray(list)
    ? list.map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    : list;
};

/**
 * What a gallery addition sends: images picked from the media library (`photos`, each
 * with its alt text), or files under `images` with their alt texts (`alt`), or both.
 */
export class CreateGalleryImagesDto {
  @ApiProperty({
    type: [String],
    required: false,
    example: ['Indigo block-printed cotton drying in the sun', 'Hand-loomed khadi on the loom'],
    description:
      'Alt text (1-200 characters) of the uploaded files: once for all, or repeated once per file in their order. Required with files.',
  })
  @Transform(altTexts)
  @ValidateIf((dto: CreateGalleryImagesDto) => dto.alt !== undefined || dto.photos === undefined)
  @IsArray({ message: 'Alt text is required: describe each image' })
  @IsString({ each: true, message: 'Alt text must be text' })
  @IsNotEmpty({ each: true, message: 'Alt text is required: describe each image' })
  @MaxLength(200, { each: true, message: 'Alt text must be at most 200 characters' })
  @ArrayMaxSize(GALLERY_BATCH_MAX, {
    message: `At most ${GALLERY_BATCH_MAX} alt texts, one per image`,
  })
  alt?: string[];

  @Photos(
    'Images from the media library, each with its alt text here, added in this order (before any uploaded files). In multipart forms, as JSON text.',
  )
  photos?: PhotoInput[];
}

/** The multipart form as Swagger shows it: the alt texts plus the files. */
export class GalleryUploadForm extends CreateGalleryImagesDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    required: false,
    maxItems: GALLERY_BATCH_MAX,
    description: 'JPEG, PNG, WebP, AVIF or GIF images',
  })
  images?: Express.Multer.File[];
}
