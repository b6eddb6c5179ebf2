import { PartialType } from '@nestjs/swagger';
import { NULL_IS_A_VALUE } from '../../common/validation/fields';
import { CreateProductDto } from './create-product.dto';

export class UpdateProductDto extends PartialType(CreateProductDto, NULL_IS_A_VALUE) {}
