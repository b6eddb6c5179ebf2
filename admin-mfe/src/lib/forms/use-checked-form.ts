import { SaveKeys, saveUntilAnswered } from '@vitrine/api-client';
import { fieldMessages, placeFieldErrors, useRuleForm, type RuleFormOptions } from '@vitrine/ui';
import { useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../errors';

export interface CheckedFormOptions<T extends FieldValues> extends Omit<
  RuleFormOptions<T>,
  'focusFirstError'
> {
  /** "The user was not saved": starts the in-form message of a refused save. */
  failure: string;
  /** The API's field name → the form's path; names it gives no path are left to the message. */
  pathOf?(apiField: string): FieldPath<T> | undefined;
  /** What else a refused save does once its field messages are on the form (a toast). */
  onRefused?(error: unknown, form: UseFormReturn<T>): void;
  /**
   * The server has not answered this attempt (it may have saved): the save is sent again,
   * with the same Idempotency-Key, until it answers. A toast says so.
   */
  onUnanswered?(attempt: number): void;
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
 * A form on react-hook-form that checks like every form of the site (`useRuleForm`: nothing
 * is sent while a rule fails, a field's error goes as soon as it is edited), and shows a
 * refused save's API messages beside their fields (the rest in `message`) and in the error
 * summary. A page's form adds a draft and the leave guard to it (`useAdminForm`); a panel
 * inside a page uses it as it is.
 */
export function useCheckedForm<T extends FieldValues>({
  defaultValues,
  values,
  rules,
  failure,
  pathOf,
  onRefused,
  onUnanswered,
}: CheckedFormOptions<T>): CheckedForm<T> {
  // FormError takes focus when it appears, so a screen reader hears every problem first.
  const form = useRuleForm<T>({ defaultValues, values, rules, focusFirstError: false });
  const { setError, formState } = form;
  const saveKeys = useRef(new SaveKeys());

  function submitWith(save: (values: T) => Promise<void>) {
    return form.handleSubmit(async (values) => {
      try {
        // Until the server answers, the form stays busy (isSubmitting) and as typed; the
        // retries carry the first attempt's key, so the save happens once.
        await saveUntilAnswered(saveKeys.current.keyFor(values), () => save(values), {
          onUnanswered: (_error, attempt) => onUnanswered?.(attempt),
        });
        saveKeys.current.answered();
      } catch (error) {
        saveKeys.current.answered();
        // A 401 is the session's business (sign in again); the input stays as it is.
        if (isUnauthorized(error)) return;
        placeFieldErrors(setError, fieldErrorsOf(error), pathOf);
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
