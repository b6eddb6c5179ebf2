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

/** Fields of a service, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateServiceDto {
  @RequiredText('Service name', 120, 'Courtyard houses')
  ServiceName: string;

  @RequiredText('Category', 60, 'Architecture', CATEGORY)
  ServiceCategory: string;

  @Price(25000)
  ServicePrice?: number | null;

  @OptionalText('Heading', 200, 'Homes built around light and air')
  ServiceHeading?: string;

  @RichText('<p>From the first sketch to the <em>last tile</em>.</p>')
  ServiceDescription?: string;

  @OptionalText('Status', 60, 'Taking projects')
  ServiceStatus?: string;

  @Published()
  published?: boolean;

  @Slug('courtyard-houses')
  slug?: string;
  @Featured()
  featured?: boolean;

  @OptionalMoment('Publish at', 'Hidden from visitors until then; null or empty for at once')
  publishAt?: Date | null;

  @Photos()
  photos?: PhotoInput[];
}

/** The multipart form as Swagger shows it: the fields plus the image. */
export class ServiceForm extends CreateServiceDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, AVIF or GIF',
  })
  Userimg?: Express.Multer.File;
}
