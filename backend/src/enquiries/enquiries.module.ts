import { Module } from '@nestjs/common';

/** Enquiries from the public forms, with their e-mail outbox. */
@Module({})
export class EnquiriesModule {}
