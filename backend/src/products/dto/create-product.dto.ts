import { ContentBody, ContentForm } from '../../content/content.dto';
import { PRODUCT_FIELDS } from '../product.fields';

/** Fields of a product, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateProductDto extends ContentBody(PRODUCT_FIELDS) {}

/** The multipart form as Swagger shows it: the fields plus the image. */
export class ProductForm extends ContentForm(CreateProductDto) {}
