import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ListQueryDto, sendPage } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateServiceDto, ServiceForm } from './dto/create-service.dto';
import { ServiceCategoryResponse, ServiceResponse } from './dto/service.response';
import { UpdateServiceDto, UpdateServiceForm } from './dto/update-service.dto';
import { ServicesService } from './services.service';

@ApiTags('services')
@Controller('service')
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @Public()
  @Get()
  @ApiOkResponse({
    type: [ServiceResponse],
    description: 'Visitors see published services; total in X-Total-Count',
  })
  async list(
    @Query() query: ListQueryDto,
    @CurrentUser() viewer: AuthUser | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return sendPage(request, response, await this.services.list(query, viewer), query);
  }

  @Public()
  @Get('getcategory')
  @ApiOkResponse({
    type: [ServiceCategoryResponse],
    description: 'Service categories in use with a count',
  })
  categories(@CurrentUser() viewer: AuthUser | undefined) {
    return this.services.categories(viewer);
  }

  @Public()
  @Get('singleservice/:servicename')
  @ApiOkResponse({ type: ServiceResponse, description: 'Found by slug, or else by exact name' })
  @ApiNotFoundResponse({ description: 'No such (published) service' })
  bySlug(@Param('servicename') servicename: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.services.findBySlugOrName(servicename, viewer);
  }

  @Public()
  @Get(':id')
  @ApiOkResponse({ type: ServiceResponse })
  @ApiNotFoundResponse({ description: 'No such (published) service' })
  findOne(@Param('id', ParseObjectIdPipe) id: string, @CurrentUser() viewer: AuthUser | undefined) {
    return this.services.findById(id, viewer);
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
    return this.services.create(dto, file);
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
    return this.services.update(id, dto, file);
  }

  @Delete(':id')
  @ApiBearerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its image files' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.services.remove(id);
  }
}
