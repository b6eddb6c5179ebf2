import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ListRoute, Paginate } from '../../common/http/list-query';
import { ParseMediaIdPipe } from './media-id.pipe';
import { MediaItemResponse, MediaPlaceResponse } from './dto/media-item.response';
import { QueryMediaDto } from './dto/query-media.dto';
import {
  DeleteMediaItemQueryDto,
  UpdateMediaItemDto,
  UploadMediaItemDto,
} from './dto/update-media-item.dto';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { MediaLibraryService } from './media-library.service';
import { RequiresRight } from '../../common/decorators/requires-right.decorator';

/**
 * The media library, for administrators: every stored image with its alt text, caption,
 * variants and the content that uses it.
 */
@ApiTags('media')
@ApiBearerAuth()
@RequiresRight('media', 'write')
@Controller('media')
export class MediaLibraryController {
  constructor(private readonly library: MediaLibraryService) {}

  @RequiresRight('media', 'read')
  @ListRoute(MediaItemResponse, 'Newest first; total in X-Total-Count')
  async list(@Query() query: QueryMediaDto, @Paginate() paginate: Paginate) {
    return paginate(await this.library.list(query), query);
  }

  @Post('library')
  @UseInterceptors(FileInterceptor('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        alt: { type: 'string', example: 'Natural flax linen, close-up of the weave' },
        caption: { type: 'string', example: 'Woven in Bhuj, 2026' },
      },
      required: ['file'],
    },
    description:
      'The alt text may be left out and written later; content refuses photos without one',
  })
  @ApiCreatedResponse({ type: MediaItemResponse })
  @ApiPayloadTooLargeResponse({ description: 'Image over UPLOAD_MAX_MB or over 50 megapixels' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF image' })
  upload(@Body() about: UploadMediaItemDto, @UploadedFile() file?: Express.Multer.File) {
    if (!file) {
      throw new BadRequestException({
        message: 'Choose an image',
        errors: { file: 'Choose an image to upload' },
      });
    }
    return this.library.upload(file, about);
  }

  @Get(':id')
  @RequiresRight('media', 'read')
  @ApiOkResponse({ type: MediaItemResponse })
  @ApiNotFoundResponse({ description: 'No such image in the library' })
  findOne(@Param('id', ParseMediaIdPipe) id: string) {
    return this.library.findOne(id);
  }

  @Get(':id/usage')
  @RequiresRight('media', 'read')
  @ApiOkResponse({
    type: [MediaPlaceResponse],
    description: 'Each field of each item that places the image',
  })
  @ApiNotFoundResponse({ description: 'No such image in the library' })
  usage(@Param('id', ParseMediaIdPipe) id: string) {
    return this.library.usage(id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: MediaItemResponse })
  @ApiForbiddenResponse({
    description: 'With updatePlaced, an API token without the write right of a place’s kind',
  })
  @ApiNotFoundResponse({ description: 'No such image in the library' })
  update(
    @Param('id', ParseMediaIdPipe) id: string,
    @Body() changes: UpdateMediaItemDto,
    @CurrentUser() user: AuthUser | undefined,
  ) {
    return this.library.update(id, changes, user);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Deleted, with its files (taken out of content first with detach=true)',
  })
  @ApiConflictResponse({ description: 'Still used by some content, named in the message' })
  @ApiForbiddenResponse({
    description: 'With detach, an API token without the write right of a place’s kind',
  })
  @ApiNotFoundResponse({ description: 'No such image in the library' })
  async remove(
    @Param('id', ParseMediaIdPipe) id: string,
    @Query() query: DeleteMediaItemQueryDto,
    @CurrentUser() user: AuthUser | undefined,
  ) {
    await this.library.remove(id, { detach: query.detach, user });
  }
}
