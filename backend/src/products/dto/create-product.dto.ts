import { ContentBody } from '../../content/content.dto';
import { PRODUCT_FIELDS } from '../product.fields';

/** Fields of a product, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateProductDto extends ContentBody(PRODUCT_FIELDS) {}
