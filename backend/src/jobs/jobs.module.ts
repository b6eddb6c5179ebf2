import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { JobsService } from './jobs.service';
import { LeaseService } from './lease.service';

/**
 * Work that must happen once across every API instance: leases in MongoDB, and periodic
 * jobs declared with @PeriodicJob() on any provider's method.
 */
@Global()
@Module({
  imports: [ScheduleModule.forRoot(), DiscoveryModule],
  providers: [LeaseService, JobsService],
  exports: [LeaseService, JobsService],
})
export class JobsModule {}
