/** Minimal logger contract; `console` satisfies it. */
export interface Logger {
  debug?(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const noop = (): void => undefined;

/** Default: warnings and errors to stderr, nothing else. */
export const defaultLogger: Logger = {
  debug: noop,
  info: noop,
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

export const silentLogger: Logger = { debug: noop, info: noop, warn: noop, error: noop };
