import { useToast } from '@vitrine/ui';
import type { FieldValues } from 'react-hook-form';
import { errorMessage } from '../errors';
import { useLeaveGuard } from './leave-guard';
import { useCheckedForm, type CheckedForm, type CheckedFormOptions } from './use-checked-form';
import { useFormDraft, type DraftOffer, type DraftOptions } from './use-form-draft';

export interface AdminFormOptions<T extends FieldValues> extends CheckedFormOptions<T> {
  /** "The user was not saved": starts the toast and the in-form message of a refused save. */
  failure: string;
  /** Where the form keeps its draft in this browser, and what of it; none without. */
  draft?: DraftOptions<T>;
}

export interface AdminForm<T extends FieldValues> extends CheckedForm<T> {
  /** A draft left from an earlier visit, for the form to offer (DraftNotice). */
  draft: DraftOffer | null;
  /** "Project saved": a toast that replaces this form's earlier error toast. */
  toastSaved(message: string): void;
}

/**
 * A page's form, as every admin page's form behaves: checked like any admin form
 * (`useCheckedForm`: the summary at the top takes focus, the API's messages beside their
 * fields), a refused save said in a toast too, and unsaved changes holding the admin area
 * (leave guard) and kept as a draft until saved.
 */
export function useAdminForm<T extends FieldValues>({
  draft: draftOptions,
  onRefused,
  ...checks
}: AdminFormOptions<T>): AdminForm<T> {
  const toast = useToast();
  const { failure } = checks;
  const form = useCheckedForm<T>({
    ...checks,
    onRefused(error, refused) {
      onRefused?.(error, refused);
      toast.error(`${failure}: ${errorMessage(error)}`, { topic: failure });
    },
    onUnanswered() {
      // The same topic as the outcome's toast, which replaces this one.
      toast.info(unansweredMessage(failure), { topic: failure });
    },
  });

  const draft = useFormDraft(form, draftOptions);
  useLeaveGuard(form.formState.isDirty);

  return {
    ...form,
    submitWith: (save) =>
      form.submitWith(async (values) => {
        await save(values);
        draft.clear();
      }),
    draft: draft.offer,
    toastSaved: (message) => toast.success(message, { topic: failure }),
  };
}

/**
 * "The project was not saved" → "The project may not have been saved yet: the server has
 * not answered. Checking…": never "not saved" while it may have been.
 */
export function unansweredMessage(failure: string): string {
  const what = failure.replace(/ (was|were) not /, ' may not have been ');
  return `${what === failure ? 'This may not have been saved' : what} yet: the server has not answered. Checking…`;
}
