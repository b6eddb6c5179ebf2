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
        .map((name) => [
          name,
          {
            help: '',
            requiresAuth: !OPEN_COMMANDS.has(name),
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
function refuseTransactions(name: string, command: Doc): void {
  if (
    name === 'commitTransaction' ||
    name === 'abortTransaction' ||
    command.startTransaction !== undefined ||
    command.autocommit !== undefined ||
    command.txnNumber !== undefined
  ) {
    throw new MongoError(ErrorCodes.IllegalOperation, TXN_MESSAGE);
  }
}

export function commandName(command: Doc): string | undefined {
  return Object.keys(command)[0];
}

/** Runs one command and always returns a reply document (errors become { ok: 0, ... }). */
export function runCommand(command: Doc, context: CommandContext): Doc {
  const name = commandName(command);
  try {
    if (!name) throw new MongoError(ErrorCodes.FailedToParse, 'no command name in request');
    const db = typeof command.$db === 'string' ? command.$db : 'admin';
    refuseTransactions(name, command);
    const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name)
      ? HANDLERS[name]
      : undefined;
    if (!handler) throw new MongoError(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
    if (!context.auth.user && !OPEN_COMMANDS.has(name)) {
      throw new MongoError(ErrorCodes.Unauthorized, `Command ${name} requires authentication`);
    }
    return handler(command, db, context);
  } catch (error) {
    const err = toMongoError(error);
    const fromMingo = error instanceof Error && error.constructor.name === 'MingoError';
    if (!(error instanceof MongoError) && !fromMingo)
      context.logger.warn(
        `embedded-mongo: command ${name} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`,
      );
    return err.toReply();
  }
}
