import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import { EmbeddedDatabaseService } from './embedded-database.service';

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
        // Fail fast while the database is away (the API answers 503) rather than queue.
        bufferCommands: false,
        serverSelectionTimeoutMS: 5000,
        autoIndex: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
