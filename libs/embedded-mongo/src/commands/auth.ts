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

export const saslStart: Handler = (command, db, context) => {
  if (command.mechanism !== SCRAM_SHA_256) {
    throw new MongoError(
      ErrorCodes.MechanismUnavailable,
      `Received authentication for mechanism ${String(command.mechanism)} which is not enabled`,
    );
  }
  const conversation = context.auth.verifier.start(payloadBytes(command.payload).toString('utf8'));
  const options = command.options as Doc | undefined;
  context.auth.conversation = {
    ...conversation,
    db,
    skipEmptyExchange: !!options?.skipEmptyExchange,
  };
  return {
    conversationId: CONVERSATION_ID,
    done: false,
    payload: binary(conversation.serverFirst),
    ok: 1,
  };
};

export const saslContinue: Handler = (command, _db, context) => {
  const conversation = context.auth.conversation;
  if (!conversation || Number(command.conversationId) !== CONVERSATION_ID) {
    throw new MongoError(ErrorCodes.BadValue, 'No SASL session state found');
  }
  if (conversation.verified) {
    // The client acknowledges the server's signature with an empty message.
    context.auth.conversation = undefined;
    return { conversationId: CONVERSATION_ID, done: true, payload: binary(''), ok: 1 };
  }
  try {
    const serverFinal = context.auth.verifier.finish(
      conversation,
      payloadBytes(command.payload).toString('utf8'),
    );
    context.auth.user = { user: conversation.username, db: conversation.db };
    if (conversation.skipEmptyExchange) context.auth.conversation = undefined;
    return {
      conversationId: CONVERSATION_ID,
      done: conversation.skipEmptyExchange,
      payload: binary(serverFinal),
      ok: 1,
    };
  } catch (error) {
    context.auth.conversation = undefined;
    context.logger.warn(
      `embedded-mongo: authentication failed for "${conversation.username}" from ${context.connection.remote}`,
    );
    throw error instanceof MongoError ? error : authenticationFailed();
  }
};

/** hello's `saslSupportedMechs` and `speculativeAuthenticate`, as mongod answers them. */
export function helloAuthFields(command: Doc, context: CommandContext): Doc {
  const out: Doc = {};
  if (typeof command.saslSupportedMechs === 'string') {
    const user = command.saslSupportedMechs.slice(command.saslSupportedMechs.indexOf('.') + 1);
    if (user === context.auth.verifier.username) out.saslSupportedMechs = [SCRAM_SHA_256];
  }
  const speculative = command.speculativeAuthenticate as Doc | undefined;
  if (speculative?.saslStart !== undefined && speculative.mechanism === SCRAM_SHA_256) {
    try {
      const db = typeof speculative.db === 'string' ? speculative.db : 'admin';
      const { ok: _ok, ...reply } = saslStart(speculative, db, context);
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
  logout: (_command, _db, context) => {
    context.auth.user = undefined;
    context.auth.conversation = undefined;
    return { ok: 1 };
  },
};
