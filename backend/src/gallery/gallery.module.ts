import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { GalleryController } from './gallery.controller';
import { GalleryService } from './gallery.service';
import { GalleryImage, GalleryImageSchema } from './schemas/gallery-image.schema';

/** Gallery images with alt text and order. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: GalleryImage.name, schema: GalleryImageSchema }]),
    MediaModule,
  ],
  controllers: [GalleryController],
  providers: [GalleryService],
  exports: [GalleryService],
})
export class GalleryModule {}
