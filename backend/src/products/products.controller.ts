import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContentController } from '../content/content.controller';
import { ContentRevisionsController } from '../revisions/revisions.controller';
import { CreateProductDto, ProductForm } from './dto/create-product.dto';
import { ProductCategoryResponse, ProductResponse } from './dto/product.response';
import { UpdateProductDto, UpdateProductForm } from './dto/update-product.dto';
import { ProductsService } from './products.service';
import type { Product } from './schemas/product.schema';

/** Products (projects): every route is the shared content routes'; the image in `Userimg`. */
@ApiTags('products')
@Controller('product')
export class ProductsController extends ContentController<Product>({
  label: 'Product',
  listDescription: 'Visitors see published products',
  singlePath: 'singleproject',
  singleParam: 'productname',
  response: ProductResponse,
  categoryResponse: ProductCategoryResponse,
  createDto: CreateProductDto,
  updateDto: UpdateProductDto,
  createForm: ProductForm,
  updateForm: UpdateProductForm,
  imageField: 'Userimg',
}) {
  constructor(protected readonly content: ProductsService) {
    super();
  }
}

/** A product's history: its earlier versions, and the restore of one (RevisionsService). */
export const ProductRevisionsController = ContentRevisionsController({
  entity: 'product',
  label: 'Product',
  path: 'product',
  tag: 'products',
  response: ProductResponse,
});
