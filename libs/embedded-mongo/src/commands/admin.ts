/** Handshake, diagnostics and session commands that drivers and mongoose send on their own. */
import * as os from 'node:os';
import { Long } from 'bson';
import { ErrorCodes, MongoError } from '../errors';
import { MAX_BSON_SIZE } from '../collection';
import { MAX_MESSAGE_BYTES } from '../wire';
import type { Doc } from '../values';
import { SCRAM_SHA_256 } from '../auth';
import { helloAuthFields } from './auth';
import type { Handler } from './context';

export const SERVER_VERSION = '7.0.0';
export const MIN_WIRE_VERSION = 0;
/** 21 = MongoDB 7.0; driver 7.x requires at least 9. */
export const MAX_WIRE_VERSION = 21;

/**
 * Deliberately no `topologyVersion`: without it the driver polls hello
 * instead of using streaming (exhaust) monitoring, which this server does not
 * implement. No `compression` either, so clients never send OP_COMPRESSED.
 */
function helloReply(legacy: boolean): Handler {
  return (command, _db, context) => ({
    ...(command.helloOk !== undefined ? { helloOk: true } : {}),
    ...helloAuthFields(command, context),
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    maxBsonObjectSize: MAX_BSON_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_BYTES,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connection.id,
    minWireVersion: MIN_WIRE_VERSION,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  });
}

const PARAMETERS: Record<string, () => unknown> = {
  featureCompatibilityVersion: () => ({ version: '7.0' }),
  authenticationMechanisms: () => [SCRAM_SHA_256],
  maxBSONObjectSize: () => MAX_BSON_SIZE,
  quiet: () => false,
  logLevel: () => 0,
  transactionLifetimeLimitSeconds: () => 60,
};

const getParameter: Handler = (command) => {
  const all = command.getParameter === '*';
  const out: Doc = {};
  for (const [name, get] of Object.entries(PARAMETERS))
    if (all || name in command) out[name] = get();
  if (!Object.keys(out).length)
    throw new MongoError(ErrorCodes.InvalidOptions, 'no option found to get');
  return { ...out, ok: 1 };
};

const buildInfo: Handler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  modules: [],
  allocator: 'system',
  javascriptEngine: 'none',
  sysInfo: 'deprecated',
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_SIZE,
  storageEngines: ['embedded'],
  openssl: { running: 'disabled' },
  ok: 1,
});

const serverStatus: Handler = (_command, _db, context) => {
  const uptimeMs = Date.now() - context.server.startedAt.getTime();
  const connections = context.server.connections();
  return {
    host: `${os.hostname()}:${context.server.port}`,
    version: SERVER_VERSION,
    process: 'mongod',
    pid: Long.fromNumber(process.pid),
    uptime: Math.floor(uptimeMs / 1000),
    uptimeMillis: Long.fromNumber(uptimeMs),
    localTime: new Date(),
    connections: {
      current: connections.current,
      available: 100_000,
      totalCreated: connections.totalCreated,
    },
    storageEngine: {
      name: 'embedded',
      supportsCommittedReads: false,
      persistent: !!context.server.dbPath,
    },
    metrics: {
      cursor: {
        timedOut: Long.fromNumber(context.cursors.timedOut),
        open: { total: Long.fromNumber(context.cursors.size) },
      },
    },
    ok: 1,
  };
};

const hostInfo: Handler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(os.totalmem() / 1024 / 1024),
    numCores: os.cpus().length,
    cpuArch: os.arch(),
  },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
  ok: 1,
});

const getCmdLineOpts: Handler = (_command, _db, context) => ({
  argv: context.server.argv,
  parsed: {
    net: { bindIp: context.server.host, port: context.server.port },
    ...(context.server.dbPath ? { storage: { dbPath: context.server.dbPath } } : {}),
  },
  ok: 1,
});

const ok: Handler = () => ({ ok: 1 });

export const adminCommands: Record<string, Handler> = {
  hello: helloReply(false),
  isMaster: helloReply(true),
  ismaster: helloReply(true),
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  serverStatus,
  hostInfo,
  getCmdLineOpts,
  connectionStatus: (_command, _db, context) => ({
    authInfo: {
      authenticatedUsers: context.auth.user ? [context.auth.user] : [],
      authenticatedUserRoles: context.auth.user ? [{ role: 'root', db: 'admin' }] : [],
    },
    ok: 1,
  }),
  whatsmyuri: (_command, _db, context) => ({ you: context.connection.remote, ok: 1 }),
  endSessions: ok,
  killSessions: ok,
  killAllSessions: ok,
  refreshSessions: ok,
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  explain: () => {
    throw new MongoError(ErrorCodes.NotImplemented, 'explain is not supported by embedded-mongo');
  },
};
