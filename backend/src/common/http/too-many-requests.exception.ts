import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 that also tells the client when to try again (the filter sets Retry-After). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
