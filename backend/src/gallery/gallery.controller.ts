import {
  Body,
  Controller,
  Delete,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { RequiresRight } from '../common/decorators/requires-right.decorator';
import { PublicCache } from '../cache/public-cache.decorator';
import { Public } from '../common/decorators/public.decorator';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { ListRoute, Paginate } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import {
  CreateGalleryImagesDto,
  GALLERY_BATCH_MAX,
  GalleryUploadForm,
} from './dto/create-gallery-images.dto';
import { GalleryImageResponse } from './dto/gallery-image.response';
import { QueryGalleryDto } from './dto/query-gallery.dto';
import { UpdateGalleryImageDto } from './dto/update-gallery-image.dto';
import { GalleryService } from './gallery.service';

@ApiTags('gallery')
@RequiresRight('gallery', 'write')
@Controller('gallery')
export class GalleryController {
  constructor(private readonly gallery: GalleryService) {}

  @Public()
  @RequiresRight('gallery', 'read')
  @PublicCache()
  @ListRoute(
    GalleryImageResponse,
    'In gallery order (order, then upload time); total in X-Total-Count',
  )
  async list(
    @Query() query: QueryGalleryDto,
    @Paginate() paginate: Paginate,
    @CurrentUser() viewer: AuthUser | undefined,
  ) {
    return paginate(await this.gallery.list(query, viewer), query);
  }

  @Post()
  @ApiBearerAuth()
  @UseInterceptors(FilesInterceptor('images', GALLERY_BATCH_MAX))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: GalleryUploadForm })
  @ApiCreatedResponse({
    type: [GalleryImageResponse],
    description: 'The new images, added at the end of the gallery',
  })
  @ApiBadRequestResponse({
    description:
      'No image, too many, alt texts missing or miscounted, or a photo not in the media library',
  })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  @ApiPayloadTooLargeResponse({ description: 'An image over UPLOAD_MAX_MB; nothing is kept' })
  @ApiUnsupportedMediaTypeResponse({
    description: 'A file that is not a JPEG, PNG, WebP, AVIF or GIF image; nothing is kept',
  })
  create(@Body() dto: CreateGalleryImagesDto, @UploadedFiles() files?: Express.Multer.File[]) {
    return this.gallery.create(files ?? [], dto.alt ?? [], dto.photos ?? []);
  }

  @Patch(':id')
  @ApiBearerAuth()
  @ApiOkResponse({ type: GalleryImageResponse })
  @ApiNotFoundResponse({ description: 'No such image' })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  async update(@Param('id', ParseObjectIdPipe) id: string, @Body() dto: UpdateGalleryImageDto) {
    return this.gallery.adminView(await this.gallery.update(id, dto));
  }

  @Delete(':id')
  @ApiBearerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted with its files; the images after it move up' })
  @ApiNotFoundResponse({ description: 'No such image' })
  @ApiUnauthorizedResponse({ description: 'No valid token' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.gallery.remove(id);
  }
}
