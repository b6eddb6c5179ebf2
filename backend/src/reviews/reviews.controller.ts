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
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicCache } from '../cache/public-cache.interceptor';
import { CurrentUser, type AuthUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { sendJson } from '../common/http/bson-json';
import { ContentListQueryDto, sendPage } from '../common/http/list-query';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateReviewDto, ReviewForm } from './dto/create-review.dto';
import { ReviewResponse } from './dto/review.response';
import { UpdateReviewDto, UpdateReviewForm } from './dto/update-review.dto';
import { MoveDto } from '../common/content/move.dto';
import { MAX_REVIEW_IMAGES, ReviewsService } from './reviews.service';

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOkResponse({
    type: [ReviewResponse],
    description: 'In the order set (new ones first); total in X-Total-Count',
  })
  async list(
    @Query() query: ContentListQueryDto,
    @CurrentUser() viewer: AuthUser | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = await this.reviews.list(query, viewer);
    return sendJson(response, sendPage(request, response, page, query));
  }

  @Public()
  @PublicCache()
  @Get(':id')
  @ApiOkResponse({ type: ReviewResponse })
  @ApiNotFoundResponse({ description: 'No such (published) review' })
  async findOne(
    @Param('id', ParseObjectIdPipe) id: string,
    @CurrentUser() viewer: AuthUser | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return sendJson(response, await this.reviews.findById(id, viewer));
  }

  @Post()
  @ApiBearerAuth()
  @UseInterceptors(FilesInterceptor('serviceimg', MAX_REVIEW_IMAGES))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ReviewForm })
  @ApiCreatedResponse({ type: ReviewResponse })
  create(@Body() dto: CreateReviewDto, @UploadedFiles() files: Express.Multer.File[] = []) {
    return this.reviews.create(dto, files);
  }

  @Put(':id')
  @ApiBearerAuth()
  @UseInterceptors(FilesInterceptor('serviceimg', MAX_REVIEW_IMAGES))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: UpdateReviewForm })
  @ApiOkResponse({ type: ReviewResponse })
  update(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateReviewDto,
    @UploadedFiles() files: Express.Multer.File[] = [],
  ) {
    return this.reviews.update(id, dto, files);
  }

  @Put(':id/position')
  @ApiBearerAuth()
  @ApiOkResponse({ type: ReviewResponse, description: 'The review, at its new place' })
  @ApiNotFoundResponse({ description: 'No such review' })
  async move(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() move: MoveDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    return sendJson(response, await this.reviews.move(id, move));
  }

  @Delete(':id')
  @ApiBearerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its image files' })
  async remove(@Param('id', ParseObjectIdPipe) id: string) {
    await this.reviews.remove(id);
  }
}
