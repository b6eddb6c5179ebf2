import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ApiTokenVerifier } from '../common/guards/api-token-verifier';
import { ApiToken, ApiTokenSchema } from './schemas/api-token.schema';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';

/** API tokens: their routes, and the check the access guard runs for `Bearer vit_…`. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ApiToken.name, schema: ApiTokenSchema }])],
  controllers: [TokensController],
  providers: [TokensService, { provide: ApiTokenVerifier, useExisting: TokensService }],
  exports: [ApiTokenVerifier],
})
export class TokensModule {}
