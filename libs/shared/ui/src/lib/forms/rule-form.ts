import { useEffect } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';

/*
 * How the forms of both front ends check their input: react-hook-form, with the form's own
 * rules in a plain function (the same rules the API applies, said once, called by tests too),
 * messages shown only after a submit, a field's message gone as soon as it is edited, and the
 * API's field messages of a refused send put beside their fields.
 */

/** Messages by field path (`Name`, `social.0.url`), as the forms' own checks return them. */
export type FieldMessages = Record<string, string | undefined>;

/** A react-hook-form resolver from a form's own checks (`validateUser`, `validateContact`). */
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
 * What ties an input to its field of `form`: its id (the error summary links to it), its
 * message, and react-hook-form's registration. Spread on a TextField, TextArea or Checkbox.
 */
export function bindField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState' | 'register'>,
  path: FieldPath<T>,
  id: string,
) {
  return { id, error: messageAt(form.formState.errors, path), ...form.register(path) };
}

/** One of the API's field messages, and the form's field it was put on, if any. */
export interface PlacedMessage<T extends FieldValues> {
  apiField: string;
  message: string;
  /** Absent when the form has no such field: the message is the form's to say elsewhere. */
  path?: FieldPath<T>;
}

/**
 * Puts the field messages of a refused send (`{ UserName: 'already taken' }`, the `errors`
 * of the API's 400 or 409) on the form's fields; `pathOf` maps the API's field name to the
 * form's path, or leaves it out. Returns every message with where it went.
 */
export function placeFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  messages: Record<string, string>,
  pathOf: (apiField: string) => FieldPath<T> | undefined = (apiField) => apiField as FieldPath<T>,
): PlacedMessage<T>[] {
  return Object.entries(messages)
    .filter(([, message]) => message)
    .map(([apiField, message]) => {
      const path = pathOf(apiField);
      if (path) setError(path, { type: 'server', message });
      return path ? { apiField, message, path } : { apiField, message };
    });
}

export interface RuleFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The record as the server has it now, where the form follows it: a change replaces the input. */
  values?: T;
  /** What can be checked before sending; the API checks the rest. */
  rules(values: T): FieldMessages;
  /**
   * Whether a failed check moves focus to the first field at fault. A form with an error
   * summary (`FormError`) leaves it off: the summary takes focus, so a screen reader hears
   * every problem first.
   */
  focusFirstError: boolean;
}

/**
 * A react-hook-form form checked by `rules`: nothing is sent while a rule fails, the
 * messages appear only on submit (never while typing), and a field's message goes as soon
 * as the field is edited; the next submit checks again.
 */
export function useRuleForm<T extends FieldValues>({
  defaultValues,
  values,
  rules,
  focusFirstError,
}: RuleFormOptions<T>): UseFormReturn<T> {
  const form = useForm<T>({
    defaultValues,
    values,
    resolver: fieldRules(rules),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: focusFirstError,
  });
  const { subscribe, clearErrors, getFieldState } = form;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback({ name }) {
          // Only when there is one to clear: clearing re-renders the whole form.
          if (name && getFieldState(name as FieldPath<T>).error) clearErrors(name as FieldPath<T>);
        },
      }),
    [subscribe, clearErrors, getFieldState],
  );

  return form;
}
