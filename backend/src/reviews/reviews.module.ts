import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { RevisionsService } from '../revisions/revisions.service';
import { textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ReviewRevisionsController, ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { Review, ReviewSchema } from './schemas/review.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: Review.name, schema: ReviewSchema }]), MediaModule],
  // The history's routes first: they were matched before the reviews' own, and still are.
  controllers: [ReviewRevisionsController, ReviewsController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule implements OnModuleInit {
  constructor(
    private readonly trash: TrashService,
    private readonly revisions: RevisionsService,
  ) {}

  onModuleInit() {
    this.trash.register({
      type: 'review',
      model: Review.name,
      collection: 'reviews',
      label: 'Review',
      name: (document) => textOf(document.ClientName),
      unique: {},
    });
    this.revisions.register({
      entity: 'review',
      model: Review.name,
      collection: 'reviews',
      label: 'Review',
      trashType: 'review',
    });
  }
}
