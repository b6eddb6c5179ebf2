import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ApiErrorBody } from '@vitrine/contracts';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { TooManyRequestsException } from '../http/too-many-requests.exception';
import { loggedRequest, type IdentifiedRequest } from '../logging/request-log';

/**
 * Driver errors that mean "the database cannot be reached", whatever the server is: server
 * selection timing out, a dropped or closed connection, a pool cleared after a network error.
 */
const SOCKET_ERRORS = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);
const UNREACHABLE =
  /^Mongo(ose)?(ServerSelection|Network|NetworkTimeout|NotConnected|TopologyClosed|PoolCleared|ServerClosed)Error$|^PoolClearedOnNetworkError$/;

/**
 * Gives every error one body, `{ statusCode, error, message, errors? }`, and never lets a
 * stack trace, a driver message or a stored value reach the client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.log(exception, host.switchToHttp().getRequest());
    if (response.headersSent) return;
    if (exception instanceof TooManyRequestsException) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    response.status(body.statusCode).json(body);
  }

  /**
   * A server error, logged with its stack and named by its request as the request's own line
   * is (a read has no context to name it by): the client only ever sees the generic body.
   * Only the error's name, message and stack: what else it carries (a driver error's
   * document, the values it refused) stays out of the logs.
   */
  protected log(exception: unknown, request: IdentifiedRequest): void {
    const error = exception instanceof Error ? exception : new Error(String(exception));
    const err = { type: error.name, message: error.message, stack: error.stack };
    const req = request.id ? { req: loggedRequest(request) } : {};
    this.logger.error({ err, ...req }, `${error.name}: ${error.message}`);
  }

  toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const payload = typeof raw === 'string' ? { message: raw } : (raw as Record<string, unknown>);
      const message = Array.isArray(payload.message)
        ? payload.message.join('; ')
        : String(payload.message ?? exception.message);
      return {
        statusCode: status,
        error: STATUS_CODES[status] ?? 'Error',
        message,
        ...(payload.errors ? { errors: payload.errors as Record<string, string> } : {}),
      };
    }
    const error = exception as {
      name?: string;
      code?: unknown;
      type?: string;
      status?: number;
      errors?: Record<string, { kind?: string }>;
    };
    if ((error?.name && UNREACHABLE.test(error.name)) || SOCKET_ERRORS.has(String(error?.code))) {
      return this.plain(
        HttpStatus.SERVICE_UNAVAILABLE,
        'The database is not reachable; please try again shortly',
      );
    }
    if (error?.name === 'ValidationError' && error.errors) {
      // A rule only the schema enforces: still the client's input, so a 400 by field.
      const errors = Object.fromEntries(
        Object.entries(error.errors).map(([field, problem]) => [
          field,
          problem.kind === 'required' ? `${field} is required` : `${field} is not valid`,
        ]),
      );
      return { ...this.plain(HttpStatus.BAD_REQUEST, Object.values(errors).join('; ')), errors };
    }
    if (error?.name === 'CastError') {
      return this.plain(HttpStatus.BAD_REQUEST, 'A value has the wrong type');
    }
    if (error?.code === 11000) {
      return this.plain(HttpStatus.CONFLICT, 'A record with the same unique value exists');
    }
    // body-parser reports an oversized or malformed body with these types.
    if (error?.type === 'entity.too.large') {
      return this.plain(HttpStatus.PAYLOAD_TOO_LARGE, 'The request body is too large');
    }
    if (error?.type === 'entity.parse.failed') {
      return this.plain(HttpStatus.BAD_REQUEST, 'The request body is not valid JSON');
    }
    // Express middleware (static files, body parsing) reports client errors with a status.
    const status = Number(error?.status);
    if (status >= 400 && status < 500) {
      return this.plain(status, status === 404 ? 'Not found' : 'The request was not accepted');
    }
    return this.plain(HttpStatus.INTERNAL_SERVER_ERROR, 'Something went wrong on our side');
  }

  private plain(statusCode: number, message: string): ApiErrorBody {
    return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  }
}
