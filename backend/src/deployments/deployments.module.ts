import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DeploymentsController } from './deployments.controller';
import { DeploymentsService } from './deployments.service';
import { RemotePointer, RemotePointerSchema } from './schemas/remote-pointer.schema';
import { RemoteVersion, RemoteVersionSchema } from './schemas/remote-version.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: RemotePointer.name, schema: RemotePointerSchema },
      { name: RemoteVersion.name, schema: RemoteVersionSchema },
    ]),
  ],
  controllers: [DeploymentsController],
  providers: [DeploymentsService],
})
export class DeploymentsModule {}
