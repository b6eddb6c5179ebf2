import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { slugClash, textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { Product, ProductSchema } from './schemas/product.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Product.name, schema: ProductSchema }]),
    MediaModule,
  ],
  controllers: [ProductsController],
  providers: [ProductsService],
  exports: [ProductsService],
})
export class ProductsModule implements OnModuleInit {
  constructor(private readonly trash: TrashService) {}

  onModuleInit() {
    this.trash.register({
      type: 'product',
      model: Product.name,
      collection: 'products',
      label: 'Product',
      name: (document) => textOf(document.ProductName),
      unique: slugClash('Product'),
      keepsSlugHistory: true,
    });
  }
}
