/** Command dispatch: picks the handler by the command document's first key. */
import { ErrorCodes, MongoError, toMongoError } from '../errors';
import type { Doc } from '../values';
import { adminCommands } from './admin';
import { aggregateCommands } from './aggregate';
import { OPEN_COMMANDS, authCommands } from './auth';
import type { CommandContext, Handler } from './context';
import { ddlCommands } from './ddl';
import { findCommands } from './find';
import { findAndModifyCommands } from './find-and-modify';
import { writeCommands } from './write';

export type { CommandContext, ServerInfo } from './context';

const HANDLERS: Record<string, Handler> = {
  ...adminCommands,
  ...authCommands,
  ...findCommands,
  ...writeCommands,
  ...findAndModifyCommands,
  ...aggregateCommands,
  ...ddlCommands,
  listCommands: () => ({
    commands: Object.fromEntries(
      Object.keys(HANDLERS)
        .sort()
        .map((n) => [
          n,
          {
            help: '',
            requiresAuth: !OPEN_COMMANDS.has(n),
            secondaryOk: true,
            adminOnly: false,
            apiVersions: [],
            deprecatedApiVersions: [],
          },
        ]),
    ),
    ok: 1,
  }),
};

/** Commands allowed over legacy OP_QUERY (only the handshake, as on MongoDB 6+). */
export const OP_QUERY_COMMANDS = new Set(['hello', 'isMaster', 'ismaster']);

const TXN_MESSAGE = 'Transaction numbers are only allowed on a replica set member or mongos';

/**
 * A standalone mongod refuses transactions (and retryable-write txnNumbers)
 * with this exact error; mirroring it makes code that needs a replica set
 * fail loudly instead of silently running without transaction semantics.
 */
function refuseTransactions(name: string, cmd: Doc): void {
  if (
    name === 'commitTransaction' ||
    name === 'abortTransaction' ||
    cmd.startTransaction !== undefined ||
    cmd.autocommit !== undefined ||
    cmd.txnNumber !== undefined
  ) {
    throw new MongoError(ErrorCodes.IllegalOperation, TXN_MESSAGE);
  }
}

export function commandName(cmd: Doc): string | undefined {
  return Object.keys(cmd)[0];
}

/** Runs one command and always returns a reply document (errors become { ok: 0, ... }). */
export function runCommand(cmd: Doc, ctx: CommandContext): Doc {
  const name = commandName(cmd);
  try {
    if (!name) throw new MongoError(ErrorCodes.FailedToParse, 'no command name in request');
    const db = typeof cmd.$db === 'string' ? cmd.$db : 'admin';
    refuseTransactions(name, cmd);
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name)
      ? HANDLERS[name]
      : undefined;
    if (!handler) throw new MongoError(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
    if (!ctx.auth.user && !OPEN_COMMANDS.has(name)) {
      throw new MongoError(ErrorCodes.Unauthorized, `Command ${name} requires authentication`);
    }
    return handler(cmd, db, ctx);
  } catch (e) {
    const err = toMongoError(e);
    const fromMingo = e instanceof Error && e.constructor.name === 'MingoError';
    if (!(e instanceof MongoError) && !fromMingo)
      ctx.logger.warn(
        `embedded-mongo: command ${name} failed unexpectedly: ${(e as Error)?.stack ?? String(e)}`,
      );
    return err.toReply();
  }
}
