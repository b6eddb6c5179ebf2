// The errors a candidate build causes while the shell checks it, told from everyone else's by
// the async context they are raised in (node:async_hooks' AsyncLocalStorage): what the
// candidate's smoke renders and its remoteEntry.js do counts, and live traffic's errors at the
// same moment, served by the build already live, do not. Counted: console.error calls, and
// promise rejections left unhandled and errors thrown uncaught in that context.
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';

export interface ErrorWatch {
  /** Runs `work` in the watched context: what it starts, however asynchronously, is watched. */
  run<T>(work: () => T): T;
  /** What went wrong in it, one line each: `logged an error: …`, and so on. */
  readonly errors: string[];
  /** Stops counting; once no watch is open, console.error and the process are as before. */
  close(): void;
}

interface Watched {
  errors: string[];
  open: boolean;
}

const context = new AsyncLocalStorage<Watched>();
let opened = 0;
let unhook: (() => void) | null = null;

/** An error or a reason as one line, as a refusal gives it. */
export const oneLine = (text: string, max = 500) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** An error's message, from this realm or another (node:vm's, jest's), or what it is. */
export const messageOf = (error: unknown) =>
  typeof (error as Error | null)?.message === 'string' ? (error as Error).message : String(error);

/** Notes `what` against the watch whose context this is; false when none is (not ours). */
function note(what: string): boolean {
  const watched = context.getStore();
  if (!watched?.open) return false;
  watched.errors.push(oneLine(what, 200));
  return true;
}

/**
 * Hooks console.error and the process's unhandled-rejection and uncaught-exception events for
 * as long as a watch is open. console.error still prints everything. A rejection or an error
 * that is no watch's goes on as it would without these listeners: to the process's other
 * listeners if it has some, or else (Node's default, --unhandled-rejections=throw) it ends the
 * process, as it would have.
 */
function hook(): () => void {
  const original = console.error;
  const wrapper = function (this: unknown, ...args: unknown[]) {
    note(`logged an error: ${format(...args)}`);
    return original.apply(this, args);
  };
  console.error = wrapper;
  const onRejection = (reason: unknown) => {
    if (note(`left a promise rejection unhandled: ${messageOf(reason)}`)) return;
    if (process.listenerCount('unhandledRejection') === 1) {
      process.nextTick(() => {
        throw reason;
      });
    }
  };
  const onUncaught = (error: unknown) => {
    if (note(`threw an uncaught error: ${messageOf(error)}`)) return;
    if (process.listenerCount('uncaughtException') === 1) {
      release();
      process.nextTick(() => {
        throw error;
      });
    }
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onUncaught);
  const release = () => {
    // Left as it is if someone replaced it meanwhile (a test's spy): theirs to restore.
    if (console.error === wrapper) console.error = original;
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onUncaught);
  };
  return release;
}

/** Opens a watch: close it when the check is over, whether its work has settled or not. */
export function watchErrors(): ErrorWatch {
  const watched: Watched = { errors: [], open: true };
  if (opened++ === 0) unhook = hook();
  return {
    run: (work) => context.run(watched, work),
    errors: watched.errors,
    close() {
      if (!watched.open) return;
      watched.open = false;
      if (--opened === 0) {
        unhook?.();
        unhook = null;
      }
    },
  };
}

/**
 * Resolves once the rejections left unhandled so far have been reported: Node reports them
 * after the microtasks of the task that made them, so a check waits this long before closing.
 */
export const afterRejectionsReported = () => new Promise<void>((resolve) => setImmediate(resolve));
