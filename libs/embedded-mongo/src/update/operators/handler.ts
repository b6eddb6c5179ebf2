import { Doc, formatValue } from '../../values';
import type { PathResolver } from '../paths';

/** What an operator sees while it applies one `path: argument` pair to a document. */
export interface OperatorContext {
  /** The document being updated (a copy: callers discard it on error). */
  document: Doc;
  resolver: PathResolver;
  /** True when the update builds a document for an upsert: $setOnInsert applies. */
  isInsert: boolean;
  /** The document's `{ _id: ... }` as MongoDB's messages show it. */
  describeId(): string;
}

/** One update operator ($set, $inc, ...), as mongo-java-server's FieldUpdates has one handler each. */
export interface OperatorHandler {
  /** Refuses a bad argument while the update is parsed, before any field changes. */
  validateArgument?(path: string, argument: unknown): void;
  /** Paths the operator writes besides its own (for the conflicting-paths check). */
  otherPaths?(path: string, argument: unknown): string[];
  apply(path: string, argument: unknown, context: OperatorContext): void;
}

/** The last field name of a dotted path, as MongoDB names it in messages. */
export function lastField(path: string): string {
  return path.split('.').pop() as string;
}

/** `{path: argument}` as MongoDB shows an operator's argument in messages. */
export function showArgument(path: string, argument: unknown): string {
  return `{${path}: ${formatValue(argument)}}`;
}
