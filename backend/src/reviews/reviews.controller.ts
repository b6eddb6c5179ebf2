import { Body, Controller, Param, Post, Put, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { OrderedContentController } from '../content/content.controller';
import { ParseObjectIdPipe } from '../common/http/object-id.pipe';
import { ContentRevisionsController } from '../revisions/revisions.controller';
import { CreateReviewDto, ReviewForm } from './dto/create-review.dto';
import { ReviewResponse } from './dto/review.response';
import { UpdateReviewDto, UpdateReviewForm } from './dto/update-review.dto';
import { MAX_REVIEW_IMAGES, ReviewsService } from './reviews.service';
import type { Review } from './schemas/review.schema';

/**
 * Reviews: the shared content routes, and create and update with up to MAX_REVIEW_IMAGES
 * photos in the spec's `serviceimg` field.
 */
@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController extends OrderedContentController<Review>({
  label: 'Review',
  response: ReviewResponse,
  listDescription: 'In the order set (new ones first)',
}) {
  constructor(protected readonly content: ReviewsService) {
    super();
  }

  @Post()
  @ApiBearerAuth()
  @UseInterceptors(FilesInterceptor('serviceimg', MAX_REVIEW_IMAGES))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ReviewForm })
  @ApiCreatedResponse({ type: ReviewResponse })
  create(@Body() dto: CreateReviewDto, @UploadedFiles() files: Express.Multer.File[] = []) {
    return this.content.create(dto, files);
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
    return this.content.update(id, dto, files);
  }
}

/** A review's history: its earlier versions, and the restore of one (RevisionsService). */
export const ReviewRevisionsController = ContentRevisionsController({
  entity: 'review',
  label: 'Review',
  path: 'reviews',
  tag: 'reviews',
  response: ReviewResponse,
});
