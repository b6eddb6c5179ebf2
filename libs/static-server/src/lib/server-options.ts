// The static server's command line (main.ts), read with node:util's parseArgs and checked
// before anything starts: a bad option is one line and exit status 2, never a stack trace.
import { parseArgs } from 'node:util';
import { parseKeep, PublishError } from './publish';

export const USAGE =
  'usage: main.js --dir <folder> --port <port> [--host <address>] [--spa] ' +
  '[--versioned [--publish-from <build> --remote <name>] [--keep <count>] [--pinned <v1,v2>]]';

export interface ServerOptions {
  dir: string;
  port: number;
  host: string;
  spa: boolean;
  versioned: boolean;
  publishFrom?: string;
  remote?: string;
  /** Versions the releases folder keeps (KEEP_VERSIONS, default 10). */
  keep: number;
  /** Versions never pruned (PINNED_VERSIONS: the shells' pins, comma-separated). */
  pinned: string[];
}

/** The options of `args`, with the environment's defaults; a PublishError says what is wrong. */
export function serverOptions(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): ServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        dir: { type: 'string' },
        port: { type: 'string', default: env.PORT },
        host: { type: 'string', default: '127.0.0.1' },
        spa: { type: 'boolean', default: false },
        versioned: { type: 'boolean', default: false },
        'publish-from': { type: 'string' },
        remote: { type: 'string' },
        keep: { type: 'string', default: env.KEEP_VERSIONS || undefined },
        pinned: { type: 'string', default: env.PINNED_VERSIONS ?? '' },
      },
    }));
  } catch (error) {
    // parseArgs explains some refusals over several lines: one line, as every refusal here.
    throw new PublishError((error as Error).message.replace(/\s*\n\s*/g, ' '));
  }
  if (!values.dir || !values.port) throw new PublishError(USAGE);
  const port = /^\d+$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new PublishError(`--port must be a port number, from 1 to 65535 (not "${values.port}")`);
  }
  if (values['publish-from'] && !values.versioned) {
    throw new PublishError('--publish-from needs --versioned: a build is published as a version');
  }
  return {
    dir: values.dir,
    port,
    host: values.host,
    spa: values.spa,
    versioned: values.versioned,
    publishFrom: values['publish-from'],
    remote: values.remote,
    keep: parseKeep(
      values.keep,
      args.some((arg) => arg.split('=')[0] === '--keep') ? '--keep' : 'KEEP_VERSIONS',
    ),
    pinned: values.pinned
      .split(',')
      .map((version) => version.trim())
      .filter(Boolean),
  };
}
