import { Module } from '@nestjs/common';

/** Gallery images with alt text and order. */
@Module({})
export class GalleryModule {}
