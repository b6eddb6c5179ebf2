/**
 * The database writes an API makes, counted on the wire: a TCP proxy between the API and its
 * MongoDB (the embedded server or a real one) that reads each OP_MSG the API sends and tallies
 * the write commands (insert, update, delete, findAndModify, bulkWrite) and the statements
 * they carry (a bulk write of 300 upserts is one command of 300 statements). It sees what the
 * server is asked, from outside the API's process, whatever the server is.
 */
import { BSON } from 'mongodb';
import net from 'node:net';

const OP_MSG = 2013;
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);
/** Where each write command holds its statements, when not in a document sequence. */
const STATEMENTS: Record<string, string> = {
  insert: 'documents',
  update: 'updates',
  delete: 'deletes',
  bulkWrite: 'ops',
};

export interface WriteCounts {
  /** Write commands, each one round trip to the server. */
  commands: number;
  /** The documents inserted, updated or deleted they asked for. */
  statements: number;
  /** Write commands by `<command> <collection>`. */
  byTarget: Record<string, number>;
}

/** One OP_MSG's command name, its target and its statements (null: not a write). */
function readWrite(message: Buffer): { target: string; statements: number } | null {
  if (message.readInt32LE(12) !== OP_MSG) return null;
  const flags = message.readUInt32LE(16);
  const end = message.length - (flags & 1 ? 4 : 0);
  let offset = 20;
  let body: BSON.Document | undefined;
  let sequenced = 0;
  while (offset < end) {
    const kind = message[offset++];
    const size = message.readInt32LE(offset);
    if (kind === 0) {
      // The command's name is its body's first field.
      const nameEnd = message.indexOf(0, offset + 5);
      const name = message.toString('utf8', offset + 5, nameEnd);
      if (!WRITE_COMMANDS.has(name)) return null;
      body = BSON.deserialize(message.subarray(offset, offset + size));
    } else {
      // A document sequence: its identifier, then documents (a size first in each).
      let at = message.indexOf(0, offset + 4) + 1;
      while (at < offset + size) {
        sequenced++;
        at += message.readInt32LE(at);
      }
    }
    offset += size;
  }
  if (!body) return null;
  const name = Object.keys(body)[0];
  const listed = body[STATEMENTS[name]];
  const statements = sequenced || (Array.isArray(listed) ? listed.length : 1);
  return { target: `${name} ${String(body[name])}`, statements };
}

/**
 * Starts the proxy in front of `uri`'s server; gives the URI to hand the API instead (the
 * same credentials and options, `directConnection` so the driver stays on the proxy).
 */
export async function startWriteCounter(uri: string) {
  const target = new URL(uri);
  const counts: WriteCounts = { commands: 0, statements: 0, byTarget: {} };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 27017), target.hostname);
    sockets.add(client).add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        const write = readWrite(pending.subarray(0, length));
        pending = pending.subarray(length);
        if (!write) continue;
        counts.commands++;
        counts.statements += write.statements;
        counts.byTarget[write.target] = (counts.byTarget[write.target] ?? 0) + 1;
      }
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const proxied = new URL(uri);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(address.port);
  proxied.searchParams.set('directConnection', 'true');
  return {
    uri: proxied.toString(),
    /** The counts so far (a copy). */
    counts: (): WriteCounts => ({ ...counts, byTarget: { ...counts.byTarget } }),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What was written between two readings of the counts. */
export function writtenBetween(before: WriteCounts, after: WriteCounts): WriteCounts {
  const byTarget: Record<string, number> = {};
  for (const [key, n] of Object.entries(after.byTarget)) {
    const difference = n - (before.byTarget[key] ?? 0);
    if (difference) byTarget[key] = difference;
  }
  return {
    commands: after.commands - before.commands,
    statements: after.statements - before.statements,
    byTarget,
  };
}
