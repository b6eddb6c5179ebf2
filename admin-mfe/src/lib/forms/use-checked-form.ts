import { useEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { errorMessage, isUnauthorized } from '../errors';
import { fieldMessages, fieldRules, showApiFieldErrors, type FieldMessages } from './form-errors';

export interface CheckedFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The record as the server has it now, where the form follows it: a change replaces the input. */
  values?: T;
  /** What can be checked before sending; the API checks the rest. */
  rules(values: T): FieldMessages;
  /** "The user was not saved": starts the in-form message of a refused save. */
  failure: string;
  /** The API's field name → the form's path; names it gives no path are left to the message. */
  pathOf?(apiField: string): FieldPath<T> | undefined;
  /** What else a refused save does once its field messages are on the form (a toast). */
  onRefused?(error: unknown, form: UseFormReturn<T>): void;
}

export interface SummaryField {
  label?: string;
  fieldId: string;
  rank?: number;
}

export interface CheckedForm<T extends FieldValues> extends UseFormReturn<T> {
  /** The form's submit handler around `save`: checks first, then shows what the API refused. */
  submitWith(
    save: (values: T) => Promise<void>,
  ): (event?: React.BaseSyntheticEvent) => Promise<void>;
  /**
   * The error summary's lines, each linking to its field: by `rank` where `describe` gives
   * one (the field's place in the form), else in the order the form met them.
   */
  summary(describe: (path: string) => SummaryField | undefined): {
    message: string;
    fieldId?: string;
  }[];
  /** What went wrong when no field is to blame (the server could not be reached). */
  message: string | undefined;
}

/**
 * A form on react-hook-form that checks like every admin form: nothing is sent while a rule
 * fails, a field's error goes as soon as it is edited, and a refused save shows the API's
 * messages beside their fields (the rest in `message`). A page's form adds a draft and the
 * leave guard to it (`useAdminForm`); a panel inside a page uses it as it is.
 */
export function useCheckedForm<T extends FieldValues>({
  defaultValues,
  values,
  rules,
  failure,
  pathOf,
  onRefused,
}: CheckedFormOptions<T>): CheckedForm<T> {
  const form = useForm<T>({
    defaultValues,
    values,
    resolver: fieldRules(rules),
    mode: 'onSubmit',
    // Checked again only at the next submit: a message never appears while typing.
    reValidateMode: 'onSubmit',
    // FormError takes focus when it appears, so a screen reader hears every problem first.
    shouldFocusError: false,
  });
  const { subscribe, clearErrors, getFieldState, setError, formState } = form;

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

  function submitWith(save: (values: T) => Promise<void>) {
    return form.handleSubmit(async (values) => {
      try {
        await save(values);
      } catch (error) {
        // A 401 is the session's business (sign in again); the input stays as it is.
        if (isUnauthorized(error)) return;
        showApiFieldErrors(setError, error, pathOf);
        setError('root.server', { type: 'server', message: errorMessage(error, failure) });
        onRefused?.(error, form);
      }
    });
  }

  return {
    ...form,
    submitWith,
    summary(describe) {
      const last = Number.MAX_SAFE_INTEGER;
      return fieldMessages(formState.errors)
        .map(([path, message]) => ({ path, message, field: describe(path) }))
        .sort((a, b) => (a.field?.rank ?? last) - (b.field?.rank ?? last))
        .map(({ message, field }) => ({
          message: field?.label ? `${field.label}: ${message}` : message,
          fieldId: field?.fieldId,
        }));
    },
    message: formState.errors.root?.server?.message,
  };
}
