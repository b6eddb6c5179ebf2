import { Body, Controller, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ContentController } from '../common/content/content.controller';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateProductDto, ProductForm } from './dto/create-product.dto';
import { ProductCategoryResponse, ProductResponse } from './dto/product.response';
import { UpdateProductDto, UpdateProductForm } from './dto/update-product.dto';
import { ProductsService } from './products.service';
import type { Product } from './schemas/product.schema';

/** Products (projects): the shared content routes, plus writes with the image in `Userimg`. */
@ApiTags('products')
@Controller('product')
export class ProductsController extends ContentController<Product>({
  label: 'Product',
  singlePath: 'singleproject',
  singleParam: 'productname',
  response: ProductResponse,
  categoryResponse: ProductCategoryResponse,
}) {
  constructor(protected readonly content: ProductsService) {
    super();
  }

  @Post()
  @ApiBearerAuth()
  @UseInterceptors(FileInterceptor('Userimg'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ProductForm })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiPayloadTooLargeResponse({ description: 'Image over UPLOAD_MAX_MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF image' })
  create(@Body() dto: CreateProductDto, @UploadedFile() file?: Express.Multer.File) {
    return this.content.create(dto, file);
  }

  @Put(':id')
  @ApiBearerAuth()
  @UseInterceptors(FileInterceptor('Userimg'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: UpdateProductForm })
  @ApiOkResponse({ type: ProductResponse })
  update(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateProductDto,
    @UploadedFile() file?: Express.Multer.File,
  ) {
    return this.content.update(id, dto, file);
  }
}
