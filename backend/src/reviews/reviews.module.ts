import { Module, type OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { textOf } from '../trash/trash-kinds';
import { TrashService } from '../trash/trash.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { Review, ReviewSchema } from './schemas/review.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: Review.name, schema: ReviewSchema }]), MediaModule],
  controllers: [ReviewsController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule implements OnModuleInit {
  constructor(private readonly trash: TrashService) {}

  onModuleInit() {
    this.trash.register({
      type: 'review',
      model: Review.name,
      collection: 'reviews',
      label: 'Review',
      name: (document) => textOf(document.ClientName),
      unique: {},
    });
  }
}
