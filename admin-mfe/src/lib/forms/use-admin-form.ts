import { useToast } from '@vitrine/ui';
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
import { useLeaveGuard } from './leave-guard';
import { useFormDraft, type DraftOffer, type DraftOptions } from './use-form-draft';

export interface AdminFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** What can be checked before sending; the API checks the rest. */
  rules(values: T): FieldMessages;
  /** "The user was not saved": starts the toast and the in-form message of a refused save. */
  failure: string;
  /** The API's field name → the form's path; names it gives no path are left to the message. */
  pathOf?(apiField: string): FieldPath<T> | undefined;
  /** Errors a refused save puts on the form besides the API's field messages (a 413 image). */
  onRefused?(error: unknown, form: UseFormReturn<T>): void;
  /** Where the form keeps its draft in this browser, and what of it; none without. */
  draft?: DraftOptions<T>;
}

export interface SummaryField {
  label?: string;
  fieldId: string;
  rank?: number;
}

export interface AdminForm<T extends FieldValues> extends UseFormReturn<T> {
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
  /** A draft left from an earlier visit, for the form to offer (DraftNotice). */
  draft: DraftOffer | null;
  /** "Project saved": a toast that replaces this form's earlier error toast. */
  toastSaved(message: string): void;
}

/**
 * An admin form on react-hook-form, as every admin form behaves: nothing is sent while a
 * rule fails, the summary at the top takes focus (not the first field), a field's error goes
 * as soon as it is edited, and a refused save shows the API's messages beside their fields.
 * Unsaved changes hold the admin area (leave guard) and are kept as a draft until saved.
 */
export function useAdminForm<T extends FieldValues>({
  defaultValues,
  rules,
  failure,
  pathOf,
  onRefused,
  draft: draftOptions,
}: AdminFormOptions<T>): AdminForm<T> {
  const toast = useToast();
  const form = useForm<T>({
    defaultValues,
    resolver: fieldRules(rules),
    mode: 'onSubmit',
    // Checked again only at the next submit: a message never appears while typing.
    reValidateMode: 'onSubmit',
    // FormError takes focus when it appears, so a screen reader hears every problem first.
    shouldFocusError: false,
  });
  const { subscribe, clearErrors, getFieldState, setError, formState } = form;

  const draft = useFormDraft(form, draftOptions);
  useLeaveGuard(formState.isDirty);

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
        draft.clear();
      } catch (error) {
        // A 401 is the session's business (sign in again); the input stays as it is.
        if (isUnauthorized(error)) return;
        showApiFieldErrors(setError, error, pathOf);
        onRefused?.(error, form);
        setError('root.server', { type: 'server', message: errorMessage(error, failure) });
        toast.error(`${failure}: ${errorMessage(error)}`, { topic: failure });
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
    draft: draft.offer,
    toastSaved: (message) => toast.success(message, { topic: failure }),
  };
}
