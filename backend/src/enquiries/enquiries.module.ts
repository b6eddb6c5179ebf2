import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ProductsModule } from '../products/products.module';
import { ServicesModule } from '../services/services.module';
import { EnquiriesController } from './enquiries.controller';
import { EnquiriesService } from './enquiries.service';
import { OutboxService } from './outbox.service';
import { Enquiry, EnquirySchema } from './schemas/enquiry.schema';
import { OutboxMessage, OutboxMessageSchema } from './schemas/outbox-message.schema';

/** Enquiries from the public forms, with their e-mail outbox. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Enquiry.name, schema: EnquirySchema },
      { name: OutboxMessage.name, schema: OutboxMessageSchema },
    ]),
    ProductsModule,
    ServicesModule,
  ],
  controllers: [EnquiriesController],
  providers: [EnquiriesService, OutboxService],
})
export class EnquiriesModule {}
