/**
 * Command line entry: `cli.ts --port 27017 --dbpath ./data/db`
 * Prints the connection URI, runs until SIGINT/SIGTERM, then stops cleanly
 * (flushes and compacts the journal, releases the lock file).
 */
import { parseArgs as parseCommandLine } from 'node:util';
import { startEmbeddedMongo } from './server';

interface CliArgs {
  port: number;
  dbPath?: string;
  host?: string;
  quiet: boolean;
  journalCompactBytes?: number;
}

function usage(): never {
  console.error(
    'usage: embedded-mongo [--port <port>] [--dbpath <dir>] [--host <ip>] [--quiet] [--journal-compact-bytes <n>]',
  );
  process.exit(2);
}

/** The flags, with mongod's own spellings of two of them (`--dbPath`, `--bind_ip`). */
const FLAGS = {
  port: { type: 'string' },
  dbpath: { type: 'string' },
  dbPath: { type: 'string' },
  host: { type: 'string' },
  bind_ip: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'journal-compact-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A whole number within the bounds, or usage. */
function wholeNumber(text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) usage();
  return value;
}

/** The flags given, or usage for an unknown flag or a missing value. */
function flagsOf(argv: string[]) {
  try {
    return parseCommandLine({ args: argv, options: FLAGS, strict: true }).values;
  } catch (error) {
    console.error((error as Error).message);
    return usage();
  }
}

export function parseArgs(argv: string[]): CliArgs {
  const flags = flagsOf(argv);
  if (flags.help) usage();
  const compact = flags['journal-compact-bytes'];
  return {
    port: flags.port === undefined ? 27017 : wholeNumber(flags.port, 0, 65535),
    dbPath: flags.dbpath ?? flags.dbPath,
    host: flags.host ?? flags.bind_ip,
    quiet: flags.quiet,
    journalCompactBytes:
      compact === undefined ? undefined : wholeNumber(compact, 1, Number.MAX_SAFE_INTEGER),
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const server = await startEmbeddedMongo({
    port: args.port,
    dbPath: args.dbPath,
    host: args.host,
    journalCompactBytes: args.journalCompactBytes,
    logger: {
      info: (message) => (args.quiet ? undefined : console.log(message)),
      warn: (message) => console.warn(message),
      error: (message) => console.error(message),
    },
  });
  // Machine-readable first line: tests and scripts parse it.
  console.log(`embedded-mongo ready: ${server.uri}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`embedded-mongo: ${signal} received, stopping`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) {
  main().catch((error) => {
    console.error((error as Error).message ?? error);
    process.exit(1);
  });
}
