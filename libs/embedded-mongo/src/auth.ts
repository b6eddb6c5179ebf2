/**
 * SCRAM-SHA-256 (RFC 5802 and RFC 7677) as MongoDB speaks it through saslStart and
 * saslContinue, so the unmodified driver authenticates with a user name and password in
 * the URI. The server keeps only the salted keys, never the password itself.
 */
import * as crypto from 'node:crypto';
import { Binary } from 'bson';
import { ErrorCodes, MongoError } from './errors';

export const SCRAM_SHA_256 = 'SCRAM-SHA-256';
/** mongod's default `scramSHA256IterationCount`. */
const ITERATIONS = 15_000;
const SALT_BYTES = 28;

export interface Credentials {
  username: string;
  password: string;
}

interface ScramKeys {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

/** One conversation between saslStart and the last saslContinue, on one connection. */
export interface ScramConversation {
  username: string;
  keys: ScramKeys;
  gs2Header: string;
  clientFirstBare: string;
  serverFirst: string;
  nonce: string;
  /** The proof was right; what is left is the client's empty acknowledgement. */
  verified: boolean;
}

const hmac = (key: Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest();

function deriveKeys(password: string, salt: Buffer, iterations: number): ScramKeys {
  // SASLprep for the passwords people type; generated ones are plain ASCII either way.
  const salted = crypto.pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  return {
    salt,
    iterations,
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  };
}

export function authenticationFailed(): MongoError {
  return new MongoError(ErrorCodes.AuthenticationFailed, 'Authentication failed.');
}

/** The bytes of a BSON Binary payload (or a Buffer the caller already has). */
export function payloadBytes(payload: unknown): Buffer {
  if (payload instanceof Binary) return Buffer.from(payload.buffer.subarray(0, payload.position));
  if (payload instanceof Uint8Array) return Buffer.from(payload);
  throw new MongoError(ErrorCodes.BadValue, 'payload must be binary data');
}

/** `a=1,b=2` into `{ a: '1', b: '2' }`; values may contain '='. */
function attributes(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split(',')) {
    const equals = part.indexOf('=');
    if (equals === 1) out[part[0]] = part.slice(2);
  }
  return out;
}

/** RFC 5802 saslname: ',' and '=' travel as '=2C' and '=3D'. */
const decodeName = (name: string) => name.replace(/=2C/g, ',').replace(/=3D/g, '=');

export class ScramVerifier {
  readonly username: string;
  private readonly keys: ScramKeys;
  /** For unknown user names: a salt that stays the same per name, so nothing tells them apart. */
  private readonly decoySecret = crypto.randomBytes(32);

  constructor({ username, password }: Credentials) {
    this.username = username;
    this.keys = deriveKeys(password, crypto.randomBytes(SALT_BYTES), ITERATIONS);
  }

  /** saslStart: the client-first message in, the server-first message out. */
  start(clientFirst: string): ScramConversation {
    const match = /^([ny]),(?:a=[^,]*)?,(n=([^,]*),r=([^,]+)(?:,.*)?)$/.exec(clientFirst);
    if (!match) {
      // 'p=' asks for channel binding, which a server without TLS cannot offer.
      throw new MongoError(ErrorCodes.BadValue, 'Invalid SCRAM client-first message');
    }
    const [, flag, clientFirstBare, rawName, clientNonce] = match;
    const username = decodeName(rawName);
    const keys = username === this.username ? this.keys : this.decoyKeys(username);
    const nonce = `${clientNonce}${crypto.randomBytes(24).toString('base64')}`;
    return {
      username,
      keys,
      gs2Header: `${flag},,`,
      clientFirstBare,
      serverFirst: `r=${nonce},s=${keys.salt.toString('base64')},i=${keys.iterations}`,
      nonce,
      verified: false,
    };
  }

  /** saslContinue: checks the client's proof; gives the server-final message (`v=…`). */
  finish(conversation: ScramConversation, clientFinal: string): string {
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw authenticationFailed();
    const withoutProof = clientFinal.slice(0, proofAt);
    const { c, r } = attributes(withoutProof);
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const binding = Buffer.from(conversation.gs2Header).toString('base64');
    if (c !== binding || r !== conversation.nonce || proof.length !== 32) {
      throw authenticationFailed();
    }
    const authMessage = `${conversation.clientFirstBare},${conversation.serverFirst},${withoutProof}`;
    const { storedKey, serverKey } = conversation.keys;
    const signature = hmac(storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]));
    if (!crypto.timingSafeEqual(sha256(clientKey), storedKey)) throw authenticationFailed();
    conversation.verified = true;
    return `v=${hmac(serverKey, authMessage).toString('base64')}`;
  }

  private decoyKeys(username: string): ScramKeys {
    const salt = hmac(this.decoySecret, username).subarray(0, SALT_BYTES);
    return { salt, iterations: ITERATIONS, storedKey: crypto.randomBytes(32), serverKey: salt };
  }
}
