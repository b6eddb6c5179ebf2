import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  Featured,
  OptionalMoment,
  OptionalText,
  Price,
  Published,
  RequiredText,
  RichText,
  Slug,
} from '../../common/validation/fields';
import { PhotoInput, Photos } from '../../media/library/dto/photo.dto';

const CATEGORY = 'One of the categories in use, a default, or a new one';

/** Fields of a product, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateProductDto {
  @RequiredText('Product name', 120, 'Indigo handloom cotton')
  ProductName: string;

  @RequiredText('Category', 60, 'Cotton', CATEGORY)
  ProductCategory: string;

  @Price(1450)
  ProductPrice?: number | null;

  @OptionalText('Heading', 200, 'Hand-dyed, hand-woven, made to last')
  ProductHeading?: string;

  @RichText('<p>Woven on <strong>pit looms</strong> in Bhuj.</p>')
  ProductDescription?: string;

  @OptionalText('Status', 60, 'In stock')
  ProductStatus?: string;

  @OptionalText('Client', 120, 'Taj Hotels')
  ProductClient?: string;

  @OptionalText('Location', 120, 'Jaipur')
  ProductLocation?: string;

  @OptionalText('Size', 120, '44 in width, 120 GSM')
  ProductSize?: string;

  @Published()
  published?: boolean;

  @Slug('indigo-handloom-cotton')
  slug?: string;
  @Featured()
  featured?: boolean;

  @OptionalMoment('Publish at', 'Hidden from visitors until then; null or empty for at once')
  publishAt?: Date | null;

  @Photos()
  photos?: PhotoInput[];
}

/** The multipart form as Swagger shows it: the fields plus the image. */
export class ProductForm extends CreateProductDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, AVIF or GIF',
  })
  Userimg?: Express.Multer.File;
}
