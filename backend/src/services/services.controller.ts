import { Body, Controller, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ContentController } from '../common/content/content.controller';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateServiceDto, ServiceForm } from './dto/create-service.dto';
import { ServiceCategoryResponse, ServiceResponse } from './dto/service.response';
import { UpdateServiceDto, UpdateServiceForm } from './dto/update-service.dto';
import { ServicesService } from './services.service';
import type { Service } from './schemas/service.schema';

/** Services: the shared content routes, plus writes with the image in `Userimg`. */
@ApiTags('services')
@Controller('service')
export class ServicesController extends ContentController<Service>({
  label: 'Service',
  singlePath: 'singleservice',
  singleParam: 'servicename',
  response: ServiceResponse,
  categoryResponse: ServiceCategoryResponse,
}) {
  constructor(protected readonly content: ServicesService) {
    super();
  }

  @Post()
  @ApiBearerAuth()
  @UseInterceptors(FileInterceptor('Userimg'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ServiceForm })
  @ApiCreatedResponse({ type: ServiceResponse })
  @ApiPayloadTooLargeResponse({ description: 'Image over UPLOAD_MAX_MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPEG, PNG, WebP, AVIF or GIF image' })
  create(@Body() dto: CreateServiceDto, @UploadedFile() file?: Express.Multer.File) {
    return this.content.create(dto, file);
  }

  @Put(':id')
  @ApiBearerAuth()
  @UseInterceptors(FileInterceptor('Userimg'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: UpdateServiceForm })
  @ApiOkResponse({ type: ServiceResponse })
  update(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateServiceDto,
    @UploadedFile() file?: Express.Multer.File,
  ) {
    return this.content.update(id, dto, file);
  }
}
