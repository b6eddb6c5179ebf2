import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { testHashCost } from './api-process';

export const ADMIN = { UserName: 'admin', Password: 'admin-password-for-tests' };

export interface TestApp {
  app: NestExpressApplication;
  api: TestAgent;
  dataDir: string;
  /** The database this app uses, for tests that look behind the API. */
  mongoUri: string;
  adminToken: string;
  login(UserName: string, Password: string): Promise<string>;
  close(): Promise<void>;
}

let server: EmbeddedMongo | undefined;
/** Apps created and not yet closed, so that useTestApp stops the database after the last. */
let openApps = 0;

/**
 * The server the tests use: the embedded one by default, or real MongoDB when the tests were
 * started with MONGODB_URI (support/env.ts moves it to VITRINE_TEST_MONGODB_URI, because
 * MONGODB_URI is where each app is given its own database). Each app's database is dropped
 * when it closes.
 */
async function databaseUri(name: string): Promise<string> {
  const external = process.env.VITRINE_TEST_MONGODB_URI;
  if (external) {
    const url = new URL(external);
    url.pathname = `/${name}`;
    return url.toString();
  }
  server ??= await startEmbeddedMongo({ port: 0 });
  return `${server.uri.replace(/\/$/, '')}/${name}`;
}

/** A database no app has used yet, for apps that must start on it together. */
export function freshDatabaseUri(): Promise<string> {
  return databaseUri(`vitrine_test_${crypto.randomBytes(6).toString('hex')}`);
}

/** Starts the real application (same setup as main.ts) on a fresh database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dbName = `vitrine_test_${crypto.randomBytes(6).toString('hex')}`;
  const mongoUri = await databaseUri(dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-api-'));
  Object.assign(process.env, {
    NODE_ENV: 'test',
    MONGODB_URI: mongoUri,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ADMIN_USERNAME: ADMIN.UserName,
    ADMIN_PASSWORD: ADMIN.Password,
    // Set each time: an earlier app's `low` would stop one started as production.
    PASSWORD_HASH_COST: testHashCost(env),
    SEED_DEMO: 'false',
    // A backup at every start would slow every test; the backup tests turn it on.
    BACKUP_KEEP: '0',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    ENQUIRY_RATE_LIMIT: '1000',
    ...env,
  });

  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = configureApp(
    moduleRef.createNestApplication<NestExpressApplication>({ bufferLogs: true }),
  );
  await app.init();
  const api = request(app.getHttpServer());

  const login = async (UserName: string, Password: string) => {
    const response = await api.post('/api/user/login').send({ UserName, Password });
    if (response.status !== 200)
      throw new Error(`login as ${UserName} answered ${response.status}`);
    return response.body.token as string;
  };

  openApps++;
  return {
    app,
    api,
    dataDir,
    mongoUri: env.MONGODB_URI ?? mongoUri,
    adminToken: await login(ADMIN.UserName, ADMIN.Password),
    login,
    close: async () => {
      openApps--;
      const mongoose = await import('mongoose');
      const connection = mongoose.connections.find((c) => c.name === dbName);
      await connection?.dropDatabase().catch(() => undefined);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app for the tests of the enclosing describe block (or file): started before them,
 * closed after them, and the embedded database stopped once no other app is open. The
 * returned object is filled in before the first test runs; a `beforeAll` declared after
 * this call can already use it.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(env));
  });
  afterAll(async () => {
    await handle.close?.();
    if (openApps === 0) await stopTestDatabase();
  });
  return handle;
}

/** Stops the embedded server after the file's last app closed. */
export async function stopTestDatabase(): Promise<void> {
  await server?.stop();
  server = undefined;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
