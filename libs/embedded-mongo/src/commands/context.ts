import type { ScramConversation, ScramVerifier } from '../auth';
import type { CursorRegistry } from '../cursors';
import type { Logger } from '../logger';
import type { Engine } from '../storage';
import type { Doc } from '../values';

export interface ServerInfo {
  host: string;
  port: number;
  dbPath?: string;
  startedAt: Date;
  argv: string[];
  connections: () => { current: number; totalCreated: number };
}

/** Who a connection has authenticated as, and the SCRAM conversation under way, if any. */
export interface AuthSession {
  readonly verifier: ScramVerifier;
  user?: { user: string; db: string };
  conversation?: ScramConversation & { db: string; skipEmptyExchange: boolean };
}

export interface CommandContext {
  engine: Engine;
  cursors: CursorRegistry;
  server: ServerInfo;
  connection: { id: number; remote: string };
  auth: AuthSession;
  logger: Logger;
}

/** A command handler returns the reply document; errors are thrown as MongoError. */
export type Handler = (command: Doc, db: string, context: CommandContext) => Doc;
