import {
  get,
  set,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { fieldErrorsOf } from '../errors';

/** Messages by field path (`Name`, `social.0.url`), as the forms' own checks return them. */
export type FieldMessages = Record<string, string | undefined>;

/**
 * A react-hook-form resolver from a form's own checks: the same rules the API applies, said
 * once per form in plain functions (`validateUser`, `validateSettings`) that tests call too.
 */
export function fieldRules<T extends FieldValues>(
  check: (values: T) => FieldMessages,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(check(values))) {
      if (message) set(errors, path, { type: 'rule', message });
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<T> };
  };
}

const isLeaf = (node: unknown): node is FieldError =>
  typeof node === 'object' && node !== null && 'type' in node && 'message' in node;

/**
 * Every field message in the order the form met them, by path: `[['social.1.url', '…']]`.
 * The form-level message (`root`) is not a field's and is left out.
 */
export function fieldMessages(errors: FieldErrors): [path: string, message: string][] {
  const found: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (isLeaf(node)) {
      if (typeof node.message === 'string' && node.message) found.push([path, node.message]);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  for (const [key, node] of Object.entries(errors)) {
    if (key !== 'root') walk(node, key);
  }
  return found;
}

/** A field's message at `path`, for its `error` prop. */
export function messageAt(errors: FieldErrors, path: string): string | undefined {
  const node: unknown = get(errors, path);
  return isLeaf(node) && typeof node.message === 'string' ? node.message : undefined;
}

/**
 * Puts the field messages of a refused save (`{ UserName: 'already taken' }`) on the form's
 * fields; `pathOf` maps the API's field name to the form's path, or leaves it out.
 */
export function showApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  pathOf: (apiField: string) => FieldPath<T> | undefined = (apiField) => apiField as FieldPath<T>,
): number {
  let shown = 0;
  for (const [apiField, message] of Object.entries(fieldErrorsOf(error))) {
    const path = pathOf(apiField);
    if (!path || !message) continue;
    setError(path, { type: 'server', message });
    shown += 1;
  }
  return shown;
}
