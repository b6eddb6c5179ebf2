import {
  BadRequestException,
  Controller,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { EditorImagesService } from './editor-images.service';
import { Media } from './media.types';
import { RequiresRight } from '../common/decorators/requires-right.decorator';

class MediaUploadForm {
  /** Swagger's view of the form: one image under `file`. */
  file: Express.Multer.File;
}

/**
 * Images for rich-text descriptions: the editor uploads one and inserts its URL. The
 * image goes through the same checks and re-encoding as every other upload.
 */
@ApiTags('media')
@ApiBearerAuth()
@RequiresRight('media', 'write')
@Controller('media')
export class MediaController {
  constructor(private readonly editorImages: EditorImagesService) {}

  @Post()
  @UseInterceptors(FileInterceptor('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    type: MediaUploadForm,
    schema: {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    },
  })
  @ApiCreatedResponse({ type: Media, description: 'The stored variants; insert the largest one' })
  @ApiPayloadTooLargeResponse({ description: 'Image over UPLOAD_MAX_MB or over 50 megapixels' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF image' })
  async upload(@UploadedFile() file?: Express.Multer.File): Promise<Media> {
    if (!file) {
      throw new BadRequestException({
        message: 'Choose an image',
        errors: { file: 'Choose an image to upload' },
      });
    }
    return this.editorImages.store(file);
  }
}
