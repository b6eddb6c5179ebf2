import {
  BadRequestException,
  ValidationPipe,
  type Type,
  type ValidationError,
} from '@nestjs/common';

// When a field breaks several rules, the most basic one is the one worth telling.
const FIRST = [
  'isDefined',
  'isNotEmpty',
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isEmail',
  'isArray',
];

function mainMessage(constraints: Record<string, string>): string | undefined {
  const names = Object.keys(constraints);
  const name = FIRST.find((rule) => names.includes(rule)) ?? names[names.length - 1];
  return name ? constraints[name] : undefined;
}

/** Flattens class-validator's tree into `{ 'field.sub': 'message' }`. */
export function fieldErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const message = mainMessage(error.constraints ?? {});
    if (message) result[field] = message;
    if (error.children?.length) Object.assign(result, fieldErrors(error.children, field));
  }
  return result;
}

/**
 * The validation every body, query and parameter goes through. `expectedType` names the
 * DTO where the handler's signature cannot (a generic base controller's).
 */
export function createValidationPipe(expectedType?: Type<unknown>): ValidationPipe {
  return new ValidationPipe({
    expectedType,
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => validationFailure(fieldErrors(errors)),
  });
}

/** The 400 of an invalid input: `errors` by field, and the one message or how many. */
export function validationFailure(fields: Record<string, string>): BadRequestException {
  const count = Object.keys(fields).length;
  return new BadRequestException({
    message: count === 1 ? Object.values(fields)[0] : `${count} fields are not valid`,
    errors: fields,
  });
}
