import { PartialType } from '@nestjs/swagger';
import { CreateProductDto, ProductForm } from './create-product.dto';

export class UpdateProductDto extends PartialType(CreateProductDto) {}

export class UpdateProductForm extends PartialType(ProductForm) {}
