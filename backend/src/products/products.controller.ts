import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ListQueryDto, sendPage } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateProductDto, ProductForm } from './dto/create-product.dto';
import { ProductCategoryResponse, ProductResponse } from './dto/product.response';
import { UpdateProductDto, UpdateProductForm } from './dto/update-product.dto';
import { ProductsService } from './products.service';

@ApiTags('products')
@Controller('product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Public()
  @Get()
  @ApiOkResponse({
    type: [ProductResponse],
    description: 'Visitors see published products; total in X-Total-Count',
  })
  async list(
    @Query() query: ListQueryDto,
    @CurrentUser() viewer: AuthUser | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return sendPage(request, response, await this.products.list(query, viewer), query);
  }

  @Public()
  @Get('getcategory')
  @ApiOkResponse({
    type: [ProductCategoryResponse],
    description: 'Categories in use with a count and cover',
  })
  categories(@CurrentUser() viewer: AuthUser | undefined) {
    return this.products.categories(viewer);
  }

  @Public()
  @Get('singleproject/:productname')
  @ApiOkResponse({ type: ProductResponse, description: 'Found by slug, or else by exact name' })
  @ApiNotFoundResponse({ description: 'No such (published) product' })
  bySlug(@Param('productname') productname: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.products.findBySlugOrName(productname, viewer);
  }

  @Public()
  @Get(':id')
  @ApiOkResponse({ type: ProductResponse })
  @ApiNotFoundResponse({ description: 'No such (published) product' })
  findOne(@Param('id', ParseObjectIdPipe) id: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.products.findById(id, viewer);
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
    return this.products.create(dto, file);
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
    return this.products.update(id, dto, file);
  }

  @Delete(':id')
  @ApiBearerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its image files' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.products.remove(id);
  }
}
