/** A bare TCP client that speaks just enough wire protocol to send hand-made (or broken) messages. */
import * as crypto from 'node:crypto';
import * as net from 'node:net';
import { Binary, Document, deserialize, serialize } from 'bson';
import { FrameReader, OP_MSG, OP_QUERY } from '../wire';

export function header(length: number, requestId: number, opCode: number): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(requestId, 4);
  bytes.writeInt32LE(0, 8);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

export function bson(doc: Document): Buffer {
  return Buffer.from(serialize(doc));
}

export interface OpMsgOptions {
  flags?: number;
  checksum?: boolean;
  sequences?: [string, Document[]][];
}

export function opMsg(
  requestId: number,
  body: Document | Buffer,
  options: OpMsgOptions = {},
): Buffer {
  const parts: Buffer[] = [];
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE((options.flags ?? 0) | (options.checksum ? 1 : 0));
  parts.push(flags, Buffer.from([0]), Buffer.isBuffer(body) ? body : bson(body));
  for (const [id, docs] of options.sequences ?? []) {
    const payload = Buffer.concat([Buffer.from(`${id}\0`), ...docs.map(bson)]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  if (options.checksum) parts.push(Buffer.alloc(4)); // value is not verified by the server
  const rest = Buffer.concat(parts);
  return Buffer.concat([header(16 + rest.length, requestId, OP_MSG), rest]);
}

export function opQuery(requestId: number, ns: string, query: Document): Buffer {
  const rest = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from(`${ns}\0`),
    Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]),
    bson(query),
  ]);
  return Buffer.concat([header(16 + rest.length, requestId, OP_QUERY), rest]);
}

export interface Reply {
  responseTo: number;
  opCode: number;
  doc: Document;
}

export function parseReply(buf: Buffer): Reply {
  const opCode = buf.readInt32LE(12);
  const responseTo = buf.readInt32LE(8);
  // OP_MSG: flags(4) + kind(1); OP_REPLY: flags(4) cursorId(8) startingFrom(4) numberReturned(4)
  const docAt = opCode === OP_MSG ? 21 : 36;
  return { responseTo, opCode, doc: deserialize(buf.subarray(docAt)) };
}

export class RawClient {
  /** The server's own framing: a reply's chunks are joined once, when it is whole. */
  private readonly frames = new FrameReader();
  private waiting: ((message: Buffer | 'closed') => void) | undefined;
  private queue: Buffer[] = [];
  closed = false;
  readonly closedPromise: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    this.closedPromise = new Promise((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk) => {
      try {
        this.queue.push(...this.frames.push(chunk));
      } catch {
        socket.destroy(); // a reply length no server sends
      }
      this.flush();
    });
    socket.on('close', () => {
      this.closed = true;
      this.flush();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  private flush(): void {
    if (!this.waiting) return;
    const next = this.queue.shift();
    if (next) {
      const waiter = this.waiting;
      this.waiting = undefined;
      waiter(next);
    } else if (this.closed) {
      const waiter = this.waiting;
      this.waiting = undefined;
      waiter('closed');
    }
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Next reply, 'closed' if the server hung up, 'timeout' if neither happened in time. */
  async next(timeoutMs = 2000): Promise<Reply | 'closed' | 'timeout'> {
    const message = await this.nextMessage(timeoutMs);
    return typeof message === 'string' ? message : parseReply(message);
  }

  /** The next reply's bytes, undecoded (what a benchmark's client waits for). */
  nextMessage(timeoutMs = 2000): Promise<Buffer | 'closed' | 'timeout'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve('timeout');
      }, timeoutMs);
      this.waiting = (message) => {
        clearTimeout(timer);
        resolve(message);
      };
      this.flush();
    });
  }

  async command(requestId: number, body: Document): Promise<Reply> {
    this.send(opMsg(requestId, body));
    const reply = await this.next();
    if (typeof reply === 'string') throw new Error(`no reply: ${reply}`);
    return reply;
  }

  destroy(): void {
    this.socket.destroy();
  }

  /**
   * SCRAM-SHA-256 by hand, as a driver does it (RFC 5802/7677): gives the replies of both
   * steps, so tests can check the server's answers, right or wrong. `tamper` changes the
   * client-final message before it is sent.
   */
  async authenticate(
    requestId: number,
    username: string,
    password: string,
    tamper: (clientFinal: string) => string = (message) => message,
  ): Promise<{ start: Document; finish: Document }> {
    const clientNonce = crypto.randomBytes(18).toString('base64');
    const clientFirstBare = `n=${username},r=${clientNonce}`;
    const start = (
      await this.command(requestId, {
        saslStart: 1,
        mechanism: 'SCRAM-SHA-256',
        payload: new Binary(Buffer.from(`n,,${clientFirstBare}`)),
        options: { skipEmptyExchange: true },
        $db: 'admin',
      })
    ).doc;
    if (start.ok !== 1) return { start, finish: start };
    const serverFirst = Buffer.from((start.payload as Binary).buffer).toString();
    const fields = Object.fromEntries(
      serverFirst.split(',').map((pair) => [pair[0], pair.slice(2)]),
    );
    const salted = crypto.pbkdf2Sync(
      password,
      Buffer.from(fields.s, 'base64'),
      Number(fields.i),
      32,
      'sha256',
    );
    const hmac = (key: Buffer, text: string) =>
      crypto.createHmac('sha256', key).update(text).digest();
    const clientKey = hmac(salted, 'Client Key');
    const storedKey = crypto.createHash('sha256').update(clientKey).digest();
    const withoutProof = `c=biws,r=${fields.r}`;
    const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
    const signature = hmac(storedKey, authMessage);
    const proof = Buffer.from(clientKey.map((byte, i) => byte ^ signature[i])).toString('base64');
    const finish = (
      await this.command(requestId + 1, {
        saslContinue: 1,
        conversationId: start.conversationId,
        payload: new Binary(Buffer.from(tamper(`${withoutProof},p=${proof}`))),
        $db: 'admin',
      })
    ).doc;
    return { start, finish };
  }
}
