import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { IdempotencyRecord, IdempotencyRecordSchema } from './idempotency-record.schema';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/**
 * Idempotency-Key for every write (IdempotencyInterceptor). Imported by AppModule before
 * AuditModule, so that its interceptor wraps the audit's: a replayed write is not audited
 * twice.
 */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: IdempotencyRecord.name, schema: IdempotencyRecordSchema }]),
  ],
  providers: [IdempotencyStore, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
})
export class IdempotencyModule {}
