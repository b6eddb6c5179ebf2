import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditController } from './audit.controller';
import { AuditEntry, AuditEntrySchema } from './audit-entry.schema';
import { AuditInterceptor } from './audit.interceptor';
import { AuditService } from './audit.service';

@Module({
  imports: [
    DiscoveryModule,
    MongooseModule.forFeature([{ name: AuditEntry.name, schema: AuditEntrySchema }]),
  ],
  controllers: [AuditController],
  // On the routes that write: see auditWriteRoutes, which configureApp applies.
  providers: [AuditService, AuditInterceptor],
})
export class AuditModule {}
