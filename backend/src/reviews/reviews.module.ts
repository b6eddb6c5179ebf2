import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { Review, ReviewSchema } from './schemas/review.schema';

/** Reviews; the service registers them with the trash and the revisions (ContentService). */
@Module({
  imports: [MongooseModule.forFeature([{ name: Review.name, schema: ReviewSchema }]), MediaModule],
  // The history's routes first: they were matched before the reviews' own, and still are.
  controllers: [ReviewsController.history, ReviewsController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
