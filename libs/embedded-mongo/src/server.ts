/** TCP server: accepts connections, frames messages, runs commands, replies after durability. */
import * as net from 'node:net';
import { ScramVerifier, type Credentials } from './auth';
import { OP_QUERY_COMMANDS, ServerInfo, commandName, runCommand } from './commands';
import type { AuthSession } from './commands/context';
import {
  CREDENTIALS_FILE,
  dbPathCredentials,
  generateCredentials,
  uriWithCredentials,
} from './credentials';
import { CursorRegistry } from './cursors';
import { ErrorCodes, MongoError, codeName } from './errors';
import { Persistence } from './journal';
import { Logger, defaultLogger, silentLogger } from './logger';
import { Engine } from './storage';
import { isNumeric, toNumber } from './values';
import type { Doc } from './values';
import {
  CommandMessage,
  FrameReader,
  OP_QUERY,
  ProtocolError,
  encodeMsgReply,
  encodeOpReply,
  encodeReply,
  parseMessage,
} from './wire';

export interface EmbeddedMongoOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Directory for journal + snapshot. Absent: memory only, nothing is written to disk. */
  dbPath?: string;
  /** Loopback interface to bind, default 127.0.0.1 (::1 and the rest of 127/8 also do). */
  host?: string;
  /**
   * The user clients authenticate as (SCRAM-SHA-256). Default: with a dbPath, the ones kept
   * in its credentials.json, made at the first start; in memory, new ones at every start.
   */
  credentials?: Credentials;
  /** Where warnings/errors go (default: console.warn/error); `false` silences everything. */
  logger?: Logger | false;
  /** Idle cursors are closed after this long (default 10 minutes, like mongod). */
  cursorTimeoutMs?: number;
  /** Journal size that triggers compaction into a snapshot (default 64 MiB). */
  journalCompactBytes?: number;
  /** Journal record count that triggers compaction (default 200,000). */
  journalCompactRecords?: number;
  /** How often TTL indexes are applied (default 60 s, like mongod's TTL monitor). */
  ttlIntervalMs?: number;
}

export interface EmbeddedMongo {
  /**
   * `mongodb://user:password@127.0.0.1:PORT/` — append a database name: `${uri}vitrine`.
   * The user may authenticate against any database name.
   */
  readonly uri: string;
  readonly credentials: Credentials;
  readonly port: number;
  readonly host: string;
  readonly dbPath?: string;
  /** `uri` with the database name appended. */
  uriFor(dbName: string): string;
  /** Journal/snapshot sizes in bytes (zeros in memory mode). */
  storageStats(): { journalBytes: number; snapshotBytes: number };
  /** Closes all client sockets, flushes and compacts the journal, releases the lock. */
  stop(): Promise<void>;
}

class Connection {
  private readonly reader = new FrameReader();
  private chain: Promise<void> = Promise.resolve();
  readonly auth: AuthSession;
  /** The peer's address, read once: every command's context names it (a system call each). */
  readonly remote: string;

  constructor(
    readonly id: number,
    private readonly socket: net.Socket,
    private readonly server: RunningServer,
  ) {
    this.auth = { verifier: server.verifier };
    this.remote = `${socket.remoteAddress}:${socket.remotePort}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) =>
      server.logger.debug?.(`embedded-mongo: connection ${id} error: ${error.message}`),
    );
  }

  destroy(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    let messages: Buffer[];
    try {
      messages = this.reader.push(chunk);
    } catch (error) {
      this.server.logger.warn(
        `embedded-mongo: closing connection ${this.id} (${this.remote}): ${(error as Error).message}`,
      );
      this.socket.destroy();
      return;
    }
    // Replies must go out in request order, and a command waiting for fsync must not be overtaken.
    for (const message of messages)
      this.chain = this.chain.then(() => this.handle(message)).catch((error) => this.fail(error));
  }

  private fail(error: unknown): void {
    this.server.logger.error(
      `embedded-mongo: connection ${this.id}: ${(error as Error)?.stack ?? String(error)}`,
    );
    this.socket.destroy();
  }

  /** Pieces written while corked leave in one system call (writev), none of them copied. */
  private send(pieces: Buffer | Buffer[]): void {
    if (this.socket.destroyed) return;
    if (!Array.isArray(pieces)) {
      this.socket.write(pieces);
      return;
    }
    this.socket.cork();
    for (const piece of pieces) this.socket.write(piece);
    this.socket.uncork();
  }

  private async handle(buf: Buffer): Promise<void> {
    if (this.socket.destroyed) return;
    let msg: CommandMessage;
    try {
      msg = parseMessage(buf);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.server.logger.warn(
        `embedded-mongo: connection ${this.id} (${this.remote}): ${error.message}${error.fatal ? '; closing connection' : ''}`,
      );
      if (error.fatal || !error.header) {
        this.socket.destroy();
        return;
      }
      if (!error.moreToCome) {
        const reply = {
          ok: 0,
          errmsg: error.message,
          code: error.code,
          codeName: codeName(error.code),
        };
        this.send(
          error.header.opCode === OP_QUERY
            ? encodeOpReply(error.header.requestId, reply)
            : encodeMsgReply(error.header.requestId, reply),
        );
      }
      return;
    }

    let reply: Doc;
    if (msg.opCode === OP_QUERY && !this.legacyAllowed(msg)) {
      reply = this.legacyRejection(msg);
    } else {
      if (msg.opCode === OP_QUERY) msg.body.$db = (msg.collection ?? 'admin.$cmd').split('.')[0];
      reply = runCommand(msg.body, this.server.commandContext(this));
      try {
        await this.server.persistence?.waitDurable();
      } catch (error) {
        reply = new MongoError(
          ErrorCodes.InternalError,
          `journal write failed, the write may not be durable: ${(error as Error).message}`,
        ).toReply();
      }
    }
    if (msg.moreToCome) return;
    let out: Buffer[];
    try {
      out = encodeReply(msg, reply);
    } catch (error) {
      out = encodeReply(
        msg,
        new MongoError(
          ErrorCodes.BSONObjectTooLarge,
          `reply could not be encoded: ${(error as Error).message}`,
        ).toReply(),
      );
    }
    this.send(out);
  }

  private legacyAllowed(msg: CommandMessage): boolean {
    return (
      !!msg.collection?.endsWith('.$cmd') && OP_QUERY_COMMANDS.has(commandName(msg.body) ?? '')
    );
  }

  private legacyRejection(msg: CommandMessage): Doc {
    const name = commandName(msg.body) ?? '';
    if (!msg.collection?.endsWith('.$cmd')) {
      return {
        $err: 'OP_QUERY is no longer supported. The client driver may require an upgrade.',
        code: ErrorCodes.Location5739101,
        ok: 0,
      };
    }
    return new MongoError(
      ErrorCodes.UnsupportedOpQueryCommand,
      `Unsupported OP_QUERY command: ${name}. The client driver may require an upgrade. For more details see https://dochub.mongodb.org/core/legacy-opcode-removal`,
    ).toReply();
  }
}

class RunningServer {
  readonly engine = new Engine();
  readonly cursors: CursorRegistry;
  readonly connections = new Map<number, Connection>();
  persistence?: Persistence;
  private nextConnectionId = 1;
  private totalCreated = 0;
  private readonly tcp: net.Server;
  private ttlTimer?: NodeJS.Timeout;
  info!: ServerInfo;
  verifier!: ScramVerifier;

  constructor(
    readonly logger: Logger,
    private readonly options: EmbeddedMongoOptions,
  ) {
    this.cursors = new CursorRegistry(options.cursorTimeoutMs);
    this.tcp = net.createServer((socket) => this.accept(socket));
    this.tcp.on('error', (error) => logger.error(`embedded-mongo: server error: ${error.message}`));
  }

  commandContext(connection: Connection) {
    return {
      engine: this.engine,
      cursors: this.cursors,
      server: this.info,
      connection: { id: connection.id, remote: connection.remote },
      auth: connection.auth,
      logger: this.logger,
    };
  }

  private accept(socket: net.Socket): void {
    const id = this.nextConnectionId++;
    this.totalCreated++;
    const connection = new Connection(id, socket, this);
    this.connections.set(id, connection);
    socket.on('close', () => this.connections.delete(id));
  }

  async start(): Promise<EmbeddedMongo> {
    const host = this.options.host ?? '127.0.0.1';
    if (!isLoopback(host)) {
      throw new Error(
        `embedded-mongo listens on a loopback address only (127.0.0.1 or ::1), not ${host}`,
      );
    }
    if (this.options.dbPath) {
      this.persistence = Persistence.open(this.options.dbPath, this.engine, this.logger, {
        compactBytes: this.options.journalCompactBytes,
        compactRecords: this.options.journalCompactRecords,
      });
    }
    let credentials: Credentials;
    try {
      credentials =
        this.options.credentials ??
        (this.options.dbPath ? dbPathCredentials(this.options.dbPath) : generateCredentials());
    } catch (error) {
      await this.persistence?.close();
      throw error;
    }
    this.verifier = new ScramVerifier(credentials);
    try {
      await new Promise<void>((resolve, reject) => {
        this.tcp.once('error', reject);
        this.tcp.listen({ port: this.options.port ?? 0, host }, () => {
          this.tcp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.cursors.close();
      await this.persistence?.close();
      throw error;
    }
    const port = (this.tcp.address() as net.AddressInfo).port;
    this.persistence?.publishAddress(host, port);
    this.info = {
      host,
      port,
      dbPath: this.options.dbPath,
      startedAt: new Date(),
      argv: process.argv.slice(),
      connections: () => ({ current: this.connections.size, totalCreated: this.totalCreated }),
    };
    this.ttlTimer = setInterval(() => this.applyTtl(), this.options.ttlIntervalMs ?? 60_000);
    this.ttlTimer.unref();
    const hostPart = host.includes(':') ? `[${host}]` : host;
    const uri = uriWithCredentials(host, port, credentials);
    this.logger.info(
      `embedded-mongo: listening on mongodb://${hostPart}:${port}/ for user "${credentials.username}"${this.options.dbPath ? ` (dbPath ${this.options.dbPath}, credentials in ${CREDENTIALS_FILE})` : ' (in memory)'}`,
    );
    let stopping: Promise<void> | undefined;
    return {
      uri,
      credentials,
      port,
      host,
      dbPath: this.options.dbPath,
      uriFor: (db: string) => `${uri}${db}`,
      storageStats: () => {
        const stats = this.persistence?.stats();
        return { journalBytes: stats?.journalBytes ?? 0, snapshotBytes: stats?.snapshotBytes ?? 0 };
      },
      stop: () => (stopping ??= this.stop()),
    };
  }

  /** Deletes documents whose TTL-indexed date has expired, like mongod's TTL monitor. */
  private applyTtl(): void {
    const now = Date.now();
    for (const collection of this.engine.allCollections()) {
      for (const index of collection.indexes) {
        const ttl = index.spec.expireAfterSeconds;
        if (!isNumeric(ttl) || index.fields.length !== 1) continue;
        const field = index.fields[0][0];
        for (const document of collection.all()) {
          const value = document[field];
          const dates = (Array.isArray(value) ? value : [value]).filter(
            (date): date is Date => date instanceof Date,
          );
          if (
            dates.length &&
            Math.min(...dates.map((date) => date.getTime())) + toNumber(ttl) * 1000 <= now
          )
            collection.remove(document);
        }
      }
    }
    this.persistence?.waitDurable().catch(() => undefined);
  }

  private async stop(): Promise<void> {
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    const closed = new Promise<void>((resolve) => this.tcp.close(() => resolve()));
    for (const connection of this.connections.values()) connection.destroy();
    this.connections.clear();
    this.cursors.close();
    await closed;
    await this.persistence?.close();
    this.logger.info('embedded-mongo: stopped');
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Starts a MongoDB-wire-compatible server in this process.
 * Resolves once it is listening (and, with dbPath, once recovery finished).
 */
export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const logger = options.logger === false ? silentLogger : (options.logger ?? defaultLogger);
  return new RunningServer(logger, options).start();
}
