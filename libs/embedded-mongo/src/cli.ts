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
        const p = Number(value());
        if (!Number.isInteger(p) || p < 0 || p > 65535) usage();
        args.port = p;
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
        const n = Number(value());
        if (!Number.isInteger(n) || n <= 0) usage();
        args.journalCompactBytes = n;
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
      info: (m) => (args.quiet ? undefined : console.log(m)),
      warn: (m) => console.warn(m),
      error: (m) => console.error(m),
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
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) {
  main().catch((e) => {
    console.error((e as Error).message ?? e);
    process.exit(1);
  });
}
