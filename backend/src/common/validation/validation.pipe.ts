import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Flattens class-validator's tree into `{ 'field.sub': 'first message' }`. */
export function fieldErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) result[field] = messages[0];
    if (error.children?.length) Object.assign(result, fieldErrors(error.children, field));
  }
  return result;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const count = Object.keys(fields).length;
      return new BadRequestException({
        message: count === 1 ? Object.values(fields)[0] : `${count} fields are not valid`,
        errors: fields,
      });
    },
  });
}
