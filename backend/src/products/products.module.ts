import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from '../revisions/revisions.service';
import { slugClash, textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ProductRevisionsController, ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { Product, ProductSchema } from './schemas/product.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Product.name, schema: ProductSchema }]),
    MediaModule,
  ],
  // The history's routes first: they were matched before the products' own, and still are.
  controllers: [ProductRevisionsController, ProductsController],
  providers: [ProductsService],
  exports: [ProductsService],
})
export class ProductsModule implements OnModuleInit {
  constructor(
    private readonly trash: TrashService,
    private readonly revisions: RevisionsService,
  ) {}

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
    this.revisions.register({
      entity: 'product',
      model: Product.name,
      collection: 'products',
      label: 'Product',
      trashType: 'product',
    });
  }
}
