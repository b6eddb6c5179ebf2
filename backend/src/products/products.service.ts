import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { contentOptionsOf } from '../content/content-fields';
import { ContentService } from '../content/content.service';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { MediaService, type UploadedImage } from '../media/media.service';
import type { CreateProductDto } from './dto/create-product.dto';
import type { ProductCategoryResponse } from './dto/product.response';
import type { UpdateProductDto } from './dto/update-product.dto';
import { PRODUCT_FIELDS } from './product.fields';
import { Product } from './schemas/product.schema';

@Injectable()
export class ProductsService extends ContentService<Product> {
  constructor(@InjectModel(Product.name) model: Model<Product>, media: MediaService) {
    super(model, media, {
      ...contentOptionsOf(PRODUCT_FIELDS),
      noun: 'project',
      searchable: ['ProductName', 'ProductHeading', 'ProductClient', 'ProductLocation'],
      defaultSort: 'order',
      ordered: { within: 'ProductCategory' },
    });
  }

  create(dto: CreateProductDto, file?: UploadedImage) {
    return this.createWith(dto, file);
  }

  update(id: string, dto: UpdateProductDto, file?: UploadedImage) {
    return this.updateWith(id, dto, file);
  }

  /** The categories in use, each with how many products it has and a cover image. */
  async categories(viewer?: AuthUser, locale?: string): Promise<ProductCategoryResponse[]> {
    const groups = await this.groupsOf('ProductCategory', 'ProductImage', viewer, locale);
    return groups.map((group) => ({
      ProductCategory: group.translated || group._id,
      count: group.count,
      ProductImage: group.image ?? '',
      media: group.media ?? null,
    }));
  }
}
