import { Body, Param, Post, Put, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import { RequiresRight } from '../common/decorators/requires-right.decorator';
import { PublishRightInterceptor } from '../common/guards/publish-right.interceptor';
import { OrderedContentController } from '../content/content.controller';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { CreateReviewDto, ReviewForm } from './dto/create-review.dto';
import { ReviewResponse } from './dto/review.response';
import { UpdateReviewDto, UpdateReviewForm } from './dto/update-review.dto';
import { MAX_REVIEW_IMAGES, ReviewsService } from './reviews.service';
import type { Review } from './schemas/review.schema';

/**
 * Reviews, at /api/reviews: the shared content routes, and create and update with up to
 * MAX_REVIEW_IMAGES photos in the spec's `serviceimg` field.
 */
export class ReviewsController extends OrderedContentController<Review, ReviewsService>({
  service: ReviewsService,
  path: 'reviews',
  tag: 'reviews',
  label: 'Review',
  itemName: 'ClientName',
  response: ReviewResponse,
  listDescription: 'In the order set (new ones first)',
}) {
  @Post()
  @ApiBearerAuth()
  @RequiresRight('review', 'write', { publishing: true })
  @UseInterceptors(FilesInterceptor('serviceimg', MAX_REVIEW_IMAGES), PublishRightInterceptor)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ReviewForm })
  @ApiCreatedResponse({ type: ReviewResponse })
  create(@Body() dto: CreateReviewDto, @UploadedFiles() files: Express.Multer.File[] = []) {
    return this.content.create(dto, files);
  }

  @Put(':id')
  @ApiBearerAuth()
  @RequiresRight('review', 'write', { publishing: true })
  @UseInterceptors(FilesInterceptor('serviceimg', MAX_REVIEW_IMAGES), PublishRightInterceptor)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: UpdateReviewForm })
  @ApiOkResponse({ type: ReviewResponse })
  update(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() dto: UpdateReviewDto,
    @UploadedFiles() files: Express.Multer.File[] = [],
  ) {
    return this.content.update(id, dto, files);
  }
}
