import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import { EmbeddedDatabaseService } from './embedded-database.service';

/**
 * Connections to the embedded server, which answers on this process's one thread: more
 * add no parallelism, only sockets (both ends in this process), memory and a SCRAM
 * handshake each, which under a burst the driver kept opening (to some 25 for 50 requests
 * at once); requests beyond them wait in the driver's queue instead. A real MongoDB keeps
 * the driver's default (100), or MONGODB_URI's maxPoolSize.
 */
const EMBEDDED_POOL_SIZE = 8;

// Filters built from request data can never carry operators: `{ $ne: x }` becomes a plain
// value. Code that needs an operator says so with mongoose.trusted().
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);

@Global()
@Module({
  providers: [EmbeddedDatabaseService],
  exports: [EmbeddedDatabaseService],
})
class EmbeddedDatabaseModule {}

@Module({
  imports: [
    MongooseModule.forRootAsync({
      imports: [EmbeddedDatabaseModule],
      inject: [EmbeddedDatabaseService],
      useFactory: async (database: EmbeddedDatabaseService) => ({
        uri: await database.resolveUri(),
        ...(database.isEmbedded ? { maxPoolSize: EMBEDDED_POOL_SIZE } : {}),
        // Fail fast while the database is away (the API answers 503) rather than queue.
        bufferCommands: false,
        serverSelectionTimeoutMS: 5000,
        autoIndex: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
