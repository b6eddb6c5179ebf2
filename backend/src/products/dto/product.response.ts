import { ApiProperty } from '@nestjs/swagger';
import { ContentAnswer } from '../../content/content.dto';
import { Media } from '../../media/media.types';
import { PRODUCT_FIELDS } from '../product.fields';
import { CreateProductDto } from './create-product.dto';

export class ProductResponse extends ContentAnswer(PRODUCT_FIELDS, CreateProductDto) {}

export class ProductCategoryResponse {
  @ApiProperty({ example: 'Linen' })
  ProductCategory: string;

  @ApiProperty({ example: 6, description: 'Visible products in the category' })
  count: number;

  @ApiProperty({ example: '8f14e45fceea167a5a36-1280.webp', description: 'Cover image file' })
  ProductImage: string;

  @ApiProperty({ type: Media, nullable: true })
  media: Media | null;
}
