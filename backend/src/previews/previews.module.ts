import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Product, ProductSchema } from '../products/schemas/product.schema';
import { Service, ServiceSchema } from '../services/schemas/service.schema';
import { PreviewsController } from './previews.controller';
import { PreviewsService } from './previews.service';
import { Preview, PreviewSchema } from './schemas/preview.schema';
import { ShareLink, ShareLinkSchema } from './schemas/share-link.schema';
import { ShareLinksController } from './share-links.controller';
import { ShareLinksService } from './share-links.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Preview.name, schema: PreviewSchema },
      { name: ShareLink.name, schema: ShareLinkSchema },
      { name: Product.name, schema: ProductSchema },
      { name: Service.name, schema: ServiceSchema },
    ]),
  ],
  // Share links first: `GET previews/share` is theirs, not an editor's preview named "share".
  controllers: [ShareLinksController, PreviewsController],
  providers: [PreviewsService, ShareLinksService],
})
export class PreviewsModule {}
