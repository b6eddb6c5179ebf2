import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MediaModule } from '../media/media.module';
import { SeedModule } from '../seed/seed.module';
import { StartupService } from './startup.service';

@Module({
  imports: [AuthModule, SeedModule, MediaModule],
  providers: [StartupService],
})
export class StartupModule {}
