import { ContentController } from '../content/content.controller';
import { CreateProductDto } from './dto/create-product.dto';
import { ProductCategoryResponse, ProductResponse } from './dto/product.response';
import { UpdateProductDto } from './dto/update-product.dto';
import { ProductsService } from './products.service';
import type { Product } from './schemas/product.schema';

/** Products (projects), at /api/product: every route is the shared content routes'. */
export class ProductsController extends ContentController<Product>({
  service: ProductsService,
  path: 'product',
  tag: 'products',
  label: 'Product',
  itemName: 'ProductName',
  singlePath: 'singleproject',
  response: ProductResponse,
  categoryResponse: ProductCategoryResponse,
  createDto: CreateProductDto,
  updateDto: UpdateProductDto,
}) {}
