import { registerAs } from '@nestjs/config';
import path from 'node:path';
import { validateEnv } from './env.validation';

export interface DatabaseConfig {
  /** Real MongoDB when set; otherwise the API starts the embedded server. */
  uri?: string;
  /** Where the embedded server keeps its files. */
  embeddedDbPath: string;
}

export const databaseConfig = registerAs('database', (): DatabaseConfig => {
  const env = validateEnv(process.env);
  return {
    uri: env.MONGODB_URI,
    embeddedDbPath: path.resolve(env.DATA_DIR, 'db'),
  };
});
