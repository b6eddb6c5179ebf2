import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TranslatedKinds } from '../common/i18n/translated-kinds';
import { MediaLibraryService } from '../media/library/media-library.service';
import { MediaModule } from '../media/media.module';
import { textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { GalleryController } from './gallery.controller';
import { GalleryService } from './gallery.service';
import {
  GALLERY_TRANSLATABLE,
  GalleryImage,
  GalleryImageSchema,
} from './schemas/gallery-image.schema';

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
export class GalleryModule implements OnModuleInit {
  constructor(
    private readonly trash: TrashService,
    private readonly library: MediaLibraryService,
    private readonly gallery: GalleryService,
    private readonly translatedKinds: TranslatedKinds,
  ) {}

  onModuleInit() {
    this.trash.register({
      type: 'gallery',
      model: GalleryImage.name,
      collection: 'gallery',
      label: 'Gallery image',
      name: (document) => textOf(document.alt) || textOf(document.image),
      unique: {},
    });
    this.translatedKinds.add({
      collection: 'gallery',
      label: 'gallery image',
      shape: GALLERY_TRANSLATABLE,
      trashType: 'gallery',
    });
    // A gallery image is one picture: taking it out of the gallery moves it to the trash.
    this.library.register({
      collection: 'gallery',
      type: 'gallery',
      nameField: 'alt',
      noun: 'gallery image',
      ownAlt: 'alt',
      detach: (id) => this.gallery.remove(id),
      placeAlt: async (id, _mediaId, alt) => {
        await this.gallery.update(id, { alt });
      },
    });
  }
}
