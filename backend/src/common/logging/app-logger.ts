import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { currentRequest } from '../request-context/request-context';
import { loggedRequest, type IdentifiedRequest } from './request-log';

/**
 * Nest's own start-up lines (each module initialised, each route mapped: about 90 of them),
 * which say nothing an operator acts on: written at debug, so a start says only what matters
 * (LOG_LEVEL=debug shows them again).
 */
const FRAMEWORK_START_UP = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** The process's pino logger: JSON lines on the log stream (see logStream). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Nest's logger (`new Logger('Audit')`, the framework's own lines) writing through pino: a
 * line's context goes in `context`, an error in `err`, and a line written while a write is
 * handled names the request in `req`, as its request line does (reads have no context, see
 * currentRequest; a server error's line names its request, read or write, from the filter).
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  verbose(message: unknown, ...optionalParams: unknown[]) {
    this.write('trace', message, optionalParams);
  }
  debug(message: unknown, ...optionalParams: unknown[]) {
    this.write('debug', message, optionalParams);
  }
  log(message: unknown, ...optionalParams: unknown[]) {
    const context = optionalParams[optionalParams.length - 1];
    const level = FRAMEWORK_START_UP.has(context as string) ? 'debug' : 'info';
    this.write(level, message, optionalParams);
  }
  warn(message: unknown, ...optionalParams: unknown[]) {
    this.write('warn', message, optionalParams);
  }
  error(message: unknown, ...optionalParams: unknown[]) {
    this.write('error', message, optionalParams);
  }
  fatal(message: unknown, ...optionalParams: unknown[]) {
    this.write('fatal', message, optionalParams);
  }

  /** Nest passes the context last: `log(message, ...params, context)`. */
  private write(level: Level, message: unknown, optionalParams: unknown[]) {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    // Once requestLog has seen the request, as its own line names it.
    const request: IdentifiedRequest | undefined = currentRequest();
    if (request?.id) fields.req = loggedRequest(request);
    let params: unknown[] = [];
    if (optionalParams.length > 0) {
      fields.context = optionalParams[optionalParams.length - 1];
      params = optionalParams.slice(0, -1);
    }
    if (message instanceof Error) fields.err = message;
    else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else if (isExceptionHandlerStack(level, message, params)) {
      // Nest's exception handlers call error(message, stack, context).
      const err = new Error(message as string);
      err.stack = params[0] as string;
      fields.err = err;
      return this.logger[level](fields);
    } else return this.logger[level](fields, String(message), ...params);
    this.logger[level](fields, ...(params as [string?]));
  }
}

function isExceptionHandlerStack(level: Level, message: unknown, params: unknown[]): boolean {
  return (
    level === 'error' &&
    typeof message === 'string' &&
    params.length === 1 &&
    typeof params[0] === 'string' &&
    /\n\s*at /.test(params[0])
  );
}
