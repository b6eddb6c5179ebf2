/**
 * Server-side errors carry MongoDB's numeric code and codeName so that the
 * unmodified driver turns them into the same MongoServerError a real mongod
 * would produce (applications branch on `err.code === 11000` etc.).
 */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  AuthenticationFailed: 18,
  IllegalOperation: 20,
  InvalidBSON: 22,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  InvalidIdField: 53,
  EmptyFieldName: 56,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  MechanismUnavailable: 334,
  UnsupportedOpQueryCommand: 352,
  DuplicateKey: 11000,
  BSONObjectTooLarge: 10334,
  Location17419: 17419,
  Location40324: 40324,
  Location31253: 31253,
  Location31254: 31254,
  Location40430: 40430,
  Location40432: 40432,
  Location40587: 40587,
  Location5739101: 5739101,
  IllegalOpMsgFlag: 223,
  InvalidPipelineOperator: 168,
  CannotIndexParallelArrays: 171,
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCodes).map(([name, code]) => [code, name]),
);

export function codeName(code: number): string {
  return CODE_NAMES[code] ?? `Location${code}`;
}

export class MongoError extends Error {
  /** Extra top-level reply fields, e.g. keyPattern/keyValue for duplicate keys. */
  readonly extra: Record<string, unknown>;

  constructor(
    readonly code: number,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'MongoError';
    this.extra = extra;
  }

  get codeName(): string {
    return codeName(this.code);
  }

  /** Shape used for a failed command reply ({ ok: 0, ... }). */
  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** Shape used inside `writeErrors` (MongoDB omits codeName there). */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export function isMongoError(error: unknown): error is MongoError {
  return error instanceof MongoError;
}

/** Wraps anything thrown (mingo errors, bugs) as a MongoError so replies stay well-formed. */
export function toMongoError(error: unknown): MongoError {
  if (error instanceof MongoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // mingo reports unknown operators in its own words; map them to MongoDB's codes/messages.
  const stage = /unregistered pipeline operator (\$\w+)/.exec(message);
  if (stage)
    return new MongoError(
      ErrorCodes.Location40324,
      `Unrecognized pipeline stage name: '${stage[1]}'`,
    );
  const top = /unknown top level operator: (\$\w+)/.exec(message);
  if (top) return new MongoError(ErrorCodes.BadValue, `unknown top level operator: ${top[1]}`);
  const op = /unknown query operator (\$\w+)/.exec(message);
  if (op) return new MongoError(ErrorCodes.BadValue, `unknown operator: ${op[1]}`);
  const expr = /(?:accumulator|operator) '(\$\w+)' is not registered/.exec(message);
  if (expr)
    return new MongoError(
      ErrorCodes.InvalidPipelineOperator,
      `Unrecognized expression '${expr[1]}'`,
    );
  return new MongoError(ErrorCodes.BadValue, message);
}
