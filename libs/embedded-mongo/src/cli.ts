/**
 * Command line entry: `cli.ts --port 27017 --dbpath ./data/db`
 * Prints the connection URI, runs until SIGINT/SIGTERM, then stops cleanly
 * (flushes and compacts the journal, releases the lock file).
 */
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

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { port: 27017, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? usage();
    switch (flag) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) usage();
        args.port = port;
        break;
      }
      case '--dbpath':
      case '--dbPath':
        args.dbPath = value();
        break;
      case '--host':
      case '--bind_ip':
        args.host = value();
        break;
      case '--journal-compact-bytes': {
        const bytes = Number(value());
        if (!Number.isInteger(bytes) || bytes <= 0) usage();
        args.journalCompactBytes = bytes;
        break;
      }
      case '--quiet':
        args.quiet = true;
        break;
      case '--help':
      case '-h':
        usage();
        break;
      default:
        console.error(`unknown argument: ${argv[i]}`);
        usage();
    }
  }
  return args;
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
