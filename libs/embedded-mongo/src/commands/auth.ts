/**
 * Authentication commands: saslStart and saslContinue for SCRAM-SHA-256 (also reached as
 * hello's speculativeAuthenticate, which saves drivers a round trip), and logout.
 */
import { Binary } from 'bson';
import { SCRAM_SHA_256, authenticationFailed, payloadBytes } from '../auth';
import { ErrorCodes, MongoError } from '../errors';
import type { Doc } from '../values';
import type { CommandContext, Handler } from './context';

/** What a client may run before it has authenticated: the handshake and signing in. */
export const OPEN_COMMANDS = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'ping',
  'buildInfo',
  'buildinfo',
  'saslStart',
  'saslContinue',
  'logout',
]);

const CONVERSATION_ID = 1;

const binary = (text: string) => new Binary(Buffer.from(text, 'utf8'));

export const saslStart: Handler = (cmd, db, ctx) => {
  if (cmd.mechanism !== SCRAM_SHA_256) {
    throw new MongoError(
      ErrorCodes.MechanismUnavailable,
      `Received authentication for mechanism ${String(cmd.mechanism)} which is not enabled`,
    );
  }
  const conversation = ctx.auth.verifier.start(payloadBytes(cmd.payload).toString('utf8'));
  const options = cmd.options as Doc | undefined;
  ctx.auth.conversation = { ...conversation, db, skipEmptyExchange: !!options?.skipEmptyExchange };
  return {
    conversationId: CONVERSATION_ID,
    done: false,
    payload: binary(conversation.serverFirst),
    ok: 1,
  };
};

export const saslContinue: Handler = (cmd, _db, ctx) => {
  const conversation = ctx.auth.conversation;
  if (!conversation || Number(cmd.conversationId) !== CONVERSATION_ID) {
    throw new MongoError(ErrorCodes.BadValue, 'No SASL session state found');
  }
  if (conversation.verified) {
    // The client acknowledges the server's signature with an empty message.
    ctx.auth.conversation = undefined;
    return { conversationId: CONVERSATION_ID, done: true, payload: binary(''), ok: 1 };
  }
  try {
    const serverFinal = ctx.auth.verifier.finish(
      conversation,
      payloadBytes(cmd.payload).toString('utf8'),
    );
    ctx.auth.user = { user: conversation.username, db: conversation.db };
    if (conversation.skipEmptyExchange) ctx.auth.conversation = undefined;
    return {
      conversationId: CONVERSATION_ID,
      done: conversation.skipEmptyExchange,
      payload: binary(serverFinal),
      ok: 1,
    };
  } catch (e) {
    ctx.auth.conversation = undefined;
    ctx.logger.warn(
      `embedded-mongo: authentication failed for "${conversation.username}" from ${ctx.connection.remote}`,
    );
    throw e instanceof MongoError ? e : authenticationFailed();
  }
};

/** hello's `saslSupportedMechs` and `speculativeAuthenticate`, as mongod answers them. */
export function helloAuthFields(cmd: Doc, ctx: CommandContext): Doc {
  const out: Doc = {};
  if (typeof cmd.saslSupportedMechs === 'string') {
    const user = cmd.saslSupportedMechs.slice(cmd.saslSupportedMechs.indexOf('.') + 1);
    if (user === ctx.auth.verifier.username) out.saslSupportedMechs = [SCRAM_SHA_256];
  }
  const speculative = cmd.speculativeAuthenticate as Doc | undefined;
  if (speculative?.saslStart !== undefined && speculative.mechanism === SCRAM_SHA_256) {
    try {
      const db = typeof speculative.db === 'string' ? speculative.db : 'admin';
      const { ok: _ok, ...reply } = saslStart(speculative, db, ctx);
      out.speculativeAuthenticate = reply;
    } catch {
      // A malformed attempt: the client falls back to saslStart and gets the error there.
    }
  }
  return out;
}

export const authCommands: Record<string, Handler> = {
  saslStart,
  saslContinue,
  logout: (_cmd, _db, ctx) => {
    ctx.auth.user = undefined;
    ctx.auth.conversation = undefined;
    return { ok: 1 };
  },
};
